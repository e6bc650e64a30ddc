"""Bounded reading of files a person names (config files, game logs).

A path given on the command line or in a config may be anything: a folder,
``/dev/zero``, a named pipe, a 50 MB file. These helpers refuse what is not a
regular file and never read more than a stated number of bytes, so a bad path
is a one-line error instead of a hang or a ``MemoryError``.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: One megabyte (2**20 bytes), the unit of the limits.
MB = 2**20


class FileTooLarge(OSError):
    """A file (or one line of it) is over the size allowed for what it is meant to be.
    ``str()`` is the one-line message (``strerror``) with the file name."""


def size_text(n: int) -> str:
    """A byte count for a message: ``"1 MB"``, ``"50.3 MB"``, ``"812 KB"``, ``"12 bytes"``."""
    if n >= MB:
        return f"{n / MB:.1f}".removesuffix(".0") + " MB"
    if n >= 1024:
        return f"{n // 1024} KB"
    return f"{n} bytes"


def regular_file_size(path: Path) -> int:
    """The size in bytes of ``path`` if it is a regular file (symbolic links followed).

    Raises:
        FileNotFoundError: if there is nothing at ``path``.
        OSError: (errno ``EINVAL``, "not a regular file ...") for a folder, a device
            such as ``/dev/zero``, a named pipe or a socket; any other OSError of ``stat``.
    """
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a device, pipe or socket"
        raise OSError(errno.EINVAL, f"not a regular file (it is {kind})", str(path))
    return st.st_size


def read_capped(path: Path, limit: int, what: str = "file") -> bytes:
    """The whole content of the regular file ``path``, which may hold at most ``limit`` bytes.

    The size is checked with ``stat`` before opening, and at most ``limit + 1``
    bytes are read (a file that grows meanwhile is still refused).

    Raises:
        FileTooLarge: (errno ``EFBIG``) "the <what> is 50 MB; a <what> may be at most 1 MB".
        OSError: as :func:`regular_file_size`, or when the file cannot be opened or read.
    """
    size = regular_file_size(path)
    if size > limit:
        raise too_large(path, size, limit, what)
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:  # it grew since stat (or stat does not know its size)
        raise too_large(path, limit, limit, what, grew=True)
    return data


def too_large(path: Path, size: int, limit: int, what: str, *, grew: bool = False) -> FileTooLarge:
    """The :class:`FileTooLarge` for a ``what`` of ``size`` bytes over ``limit``
    (``grew``: more than ``size`` bytes were found by reading)."""
    more = "over " if grew else ""
    have, most = size_text(size), size_text(limit)
    if have == most and not grew:  # "1 MB; at most 1 MB" says nothing: give the bytes
        have, most = f"{size:,} bytes", f"{limit:,} bytes ({most})"
    return FileTooLarge(errno.EFBIG, f"the {what} is {more}{have}; a {what} may be at most {most}", str(path))
