"""The games shipped with fourfeathers, one sub-package each (see ``docs/architecture.md``).

Importing this package imports every sub-package, found on disk rather than named here, and
each one registers its ``GameSpec`` with ``fourfeathers.core.registry``.
"""

import importlib
import pkgutil

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _module.ispkg:
        importlib.import_module(f"{__name__}.{_module.name}")
