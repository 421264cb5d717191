"""The games. Importing this package registers each one with ``fourfeathers.core.registry``."""

from . import featherlight  # noqa: F401
