#!/usr/bin/env bash
# lab_account_reset.sh - end-of-term reset for the shared "Intro to C & Python"
# lab logins.
#
# Students log in with the same lab account all term.  At the end of term we
# want the account back in its day-one state: everything they left behind is
# removed and the skeleton dotfiles are copied back in.
#
#   ./lab_account_reset.sh            # reset
#   ./lab_account_reset.sh -n         # dry run, only list what would go
set -uo pipefail

DRY_RUN=0
VERBOSE=0
SKEL=/etc/skel
TARGET="${HOME}"

usage() {
    echo "usage: $0 [-n] [-v]" >&2
    exit 64
}

while getopts "nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done

log() { [[ $VERBOSE -eq 1 ]] && echo "  $*"; return 0; }

remove() {
    local target=$1
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would remove: $target"
    else
        log "removing $target"
        rm -rf --one-file-system -- "$target"
    fi
}

distro="unknown"
if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    distro=$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")
fi
echo "Resetting ${TARGET} on $distro"

before=$(du -sk "$TARGET" 2>/dev/null | cut -f1)

cd "$TARGET" || exit 1
shopt -s dotglob nullglob
for entry in "$TARGET"/*; do
    remove "$entry"
done
shopt -u dotglob

if [[ $DRY_RUN -eq 1 ]]; then
    exit 0
fi

# put the day-one dotfiles back
if [[ -d "$SKEL" ]]; then
    cp -a "$SKEL"/. "$TARGET"/
    log "restored skeleton from $SKEL"
fi

mkdir -p "$TARGET/exercises"
cat > "$TARGET/exercises/README.txt" <<'EOF'
Welcome to the lab!  Clone this week's exercises with:
    git clone https://git.example.edu/intro/exercises.git
EOF

after=$(du -sk "$TARGET" | cut -f1)
echo "Freed $(( ${before:-0} - after )) KiB in $TARGET"
