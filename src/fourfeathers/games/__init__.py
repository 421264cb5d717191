"""The games. Importing this package registers each one with ``fourfeathers.core.registry``."""

from . import (
    familiar_feat,  # noqa: F401
    fancy_feathers,  # noqa: F401
    featherlight,  # noqa: F401
    isle_of_feathers,  # noqa: F401
)
