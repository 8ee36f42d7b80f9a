"""The `companion` command: the entry point, and the edge where errors become one line."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from companion.errors import CompanionError


def main(argv: Sequence[str] | None = None) -> None:
    """Run the CLI; every error leaves as one line on stderr with a clear exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    from companion.cli.safe_out import guarded

    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = guarded(out), guarded(err)  # stored text shown, never obeyed
    try:
        _main(args)
    except OSError as e:
        # The last guard: a file problem no command foresaw (a folder turned into a file,
        # a disk gone) is still one line naming the path, never a traceback.
        from companion.cli.errors import fail

        where = f"{e.filename}: " if e.filename else ""
        fail(f"{where}{e.strerror or type(e).__name__}", 1)
    finally:
        sys.stdout, sys.stderr = out, err


def _main(args: list[str]) -> None:
    if any("\0" in a for a in args):  # no shell can pass one; file functions choke on it
        from companion.cli.errors import fail

        fail("an argument contains a NUL character", 2)
    if args == ["--version"]:
        # A constant: printed as the Typer option would, without building the app.
        from companion.version import installed

        sys.stdout.write(f"companion {installed()}\n")
        return
    if args[:1] == ["status"]:
        from companion.cli.fast import serve

        try:
            if serve(args):
                return
        except BrokenPipeError:
            sys.exit(1)
    from companion.cli import quick

    if quick.run(args):
        return
    if args and args[-1] in ("--help", "-h"):
        from companion.cli import help_cache

        if help_cache.serve(args):
            return
    import typer
    from typer.exceptions import TyperException

    from companion.cli import help_cache
    from companion.cli.errors import fail
    from companion.cli.root import build
    from companion.cli.whole import harden

    command = harden(typer.main.get_command(build(args)))
    try:
        with help_cache.keeping(args):
            rv = command.main(args=args, prog_name="companion", standalone_mode=False)
    except CompanionError as e:
        fail(str(e), e.exit_code)
    except TyperException as e:  # click's usage errors, vendored by typer
        fail(_usage_line(e, args), getattr(e, "exit_code", 2) or 2)
    except (typer.Abort, KeyboardInterrupt, EOFError):
        fail("cancelled; nothing was written", 130)
    except BrokenPipeError:
        sys.exit(1)
    else:
        if isinstance(rv, int) and rv:
            sys.exit(rv)


def _usage_line(e: Exception, args: list[str]) -> str:
    msg = e.format_message() if hasattr(e, "format_message") else str(e)
    msg = " ".join(str(msg).split())
    ctx = getattr(e, "ctx", None)
    where = ctx.command_path if ctx is not None else "companion"
    return f"{msg} (see '{where} --help')"


def __getattr__(name: str) -> object:
    # The Typer app is built on demand; `app` (every command registered) stays importable
    # from here for tools and tests, e.g. typer's CliRunner.
    if name in ("app", "full_app"):
        from companion.cli import root

        return root.full_app
    raise AttributeError(name)
