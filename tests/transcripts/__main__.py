"""``python -m tests.transcripts record [name ...]`` writes the transcripts (all, or the named ones, e.g.
``night_watch-1``) from the code as it is; ``check [name ...]`` plays them again and says which differ."""

from __future__ import annotations

import sys
import time

from tests.transcripts.recorder import BY_NAME, GAMES, record_sync
from tests.transcripts.compare import first_difference


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("record", "check"):
        print(__doc__)
        return 2
    specs = [BY_NAME[name] for name in argv[1:]] if argv[1:] else GAMES
    failed = 0
    for spec in specs:
        started = time.monotonic()
        text = record_sync(spec)
        took = time.monotonic() - started
        if argv[0] == "record":
            spec.path.write_text(text, encoding="utf-8")
            print(f"{spec.name}: {len(text.encode()) // 1024} KiB, {took:.1f} s -> {spec.path}")
            continue
        stored = spec.path.read_text(encoding="utf-8") if spec.path.exists() else ""
        difference = first_difference(spec, stored, text)
        print(f"{spec.name}: {'same' if difference is None else 'DIFFERENT'} ({took:.1f} s)")
        if difference is not None:
            failed += 1
            print(difference)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
