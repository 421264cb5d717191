"""``python -m fourfeathers`` runs the ``feathers`` command."""

from .cli.main import app

app(prog_name="feathers")
