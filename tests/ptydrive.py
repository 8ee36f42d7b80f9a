"""Drive a command in a real pseudo-terminal: wait for text, type answers, bounded waits."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import sys
import time


class PtyProcess:
    def __init__(self, args: list[str], env: dict[str, str], cols: int = 100, rows: int = 40):
        pid, fd = pty.fork()
        if pid == 0:  # child
            os.execvpe(args[0], args, env)
        self.pid, self.fd = pid, fd
        import fcntl
        import struct
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.buffer = ""
        self.status: int | None = None

    def read_for(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            r, _, _ = select.select([self.fd], [], [], 0.05)
            if r:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return
                if not data:
                    return
                self.buffer += data.decode("utf-8", "replace")

    @property
    def text(self) -> str:
        return re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", self.buffer)

    def expect(self, pattern: str, timeout: float = 10.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if re.search(pattern, self.text):
                return
            self.read_for(0.1)
        raise AssertionError(f"did not see {pattern!r} within {timeout}s; screen:\n{self.text}")

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def wait(self, timeout: float = 10.0) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.read_for(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                return self.status
        self.kill()
        raise AssertionError(f"process did not exit within {timeout}s; screen:\n{self.text}")

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        finally:
            try:
                os.close(self.fd)
            except OSError:
                pass


def companion(*args: str) -> list[str]:
    return [sys.executable, "-m", "companion", *args]
