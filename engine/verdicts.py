"""The verdict cache of the statistics: what ``engine.gamelog.verify_log`` said of each
finished log, by the SHA-256 of its bytes, so a log is replayed once (``engine.stats``);
and :func:`record_written`, by which the table notes that a log it wrote itself verifies
(``engine.session.Session.close``). A module of its own below the session, so the session
need not import the statistics above it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from engine import gamelog
from engine.files import MB, read_capped

#: Verdicts kept in the cache (:class:`Verdicts`); the oldest go first beyond it.
MAX_VERDICTS = 20_000
#: The cache file may be at most this big (a verdict is about 100 bytes).
MAX_VERDICTS_BYTES = 4 * MB


def default_verdicts_path() -> Path:
    """The verdict cache: ``platformdirs.user_cache_path("cardtable") / "verified-logs.json"``."""
    from platformdirs import user_cache_path
    return user_cache_path("cardtable") / "verified-logs.json"


class Verdicts:
    """What ``engine.gamelog.verify_log`` said of each finished log, by the SHA-256 of its
    bytes: ``""`` when it verifies, else ``"line N: reason"``. Loaded from and saved to
    ``path`` (default :func:`default_verdicts_path`); an unreadable or bad cache is an empty
    one, and a cache that cannot be written is only not kept: it is never an error.

    Args:
        path: the cache file, or None to keep the verdicts in memory only.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.known: dict[str, str] = {}
        self.changed = False
        if path is None:
            return
        try:
            data = json.loads(read_capped(path, MAX_VERDICTS_BYTES, "verdict cache"))
        except (OSError, ValueError, RecursionError):
            return
        if isinstance(data, dict) and isinstance(data.get("verdicts"), dict):
            self.known = {k: v for k, v in data["verdicts"].items() if isinstance(k, str) and isinstance(v, str)}

    def verdict(self, path: Path, raw: bytes) -> str:
        """``""`` when the log at ``path`` (whose bytes are ``raw``) verifies, else its first
        bad line and why; replayed only when these bytes have no verdict yet."""
        digest = hashlib.sha256(raw).hexdigest()
        if digest not in self.known:
            res = gamelog.verify_log(path)
            self.known[digest] = "" if res.ok else (f"line {res.line}: {res.reason}" if res.line else res.reason)
            self.changed = True
        return self.known[digest]

    def save(self) -> None:
        """Write the cache if a verdict was added (the newest :data:`MAX_VERDICTS`); errors are ignored."""
        if self.path is None or not self.changed:
            return
        keep = dict(list(self.known.items())[-MAX_VERDICTS:])
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text(json.dumps({"format": 1, "verdicts": keep}), encoding="utf-8")
            tmp.replace(self.path)
            self.changed = False
        except OSError:
            pass


def record_written(path: Path, verdicts: Verdicts | None = None) -> None:
    """Note in the verdict cache that the finished log at ``path`` verifies, without replaying it:
    the table that played the match wrote every line from its own state (``engine.session.Session``
    calls this when it closes a finished log with a human seat), so the statistics need not replay
    the player's own games; an edited log has other bytes and is replayed. Errors are ignored."""
    verdicts = verdicts or Verdicts(default_verdicts_path())
    try:
        raw = read_capped(Path(path), 64 * MB, "log")
    except OSError:
        return
    verdicts.known[hashlib.sha256(raw).hexdigest()] = ""
    verdicts.changed = True
    verdicts.save()


__all__ = ["MAX_VERDICTS", "MAX_VERDICTS_BYTES", "Verdicts", "default_verdicts_path", "record_written"]
