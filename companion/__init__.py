"""companion: a table-side assistant for skirmish wargames."""


def __getattr__(name: str) -> str:
    # `companion.__version__`: the installed package's version (pyproject.toml's, as pip
    # installed it), read only when asked for.
    if name == "__version__":
        from companion.version import installed

        return installed()
    raise AttributeError(f"module 'companion' has no attribute {name!r}")


# Start-up device: read as typing.TYPE_CHECKING (`from companion import TYPE_CHECKING`,
# or a module's own `TYPE_CHECKING = False`): the type checker takes any TYPE_CHECKING as
# true, and importing typing, 2.1x a bare interpreter start (cpu, median of 15 paired
# runs), would cost every table command's start-up for names only the type checker reads.
TYPE_CHECKING = False
