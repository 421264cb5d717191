"""``python -m fourfeathers`` runs the ``feathers`` command."""

from .cli.main import app

if __name__ == "__main__":  # not again in worker processes started with "spawn"
    app(prog_name="feathers")
