#!/usr/bin/env bash
# git-helper-switch: move this workstation off the plaintext credential store.
#
# 1. counts what the current user keeps in ~/.git-credentials (hosts only)
# 2. makes libsecret (or cache as fallback) the system-wide credential helper
#    in /etc/gitconfig so every account on the box stops writing clear text
# 3. leaves the user's own file in place; deleting it is a manual step
set -euo pipefail

SYSTEM_GITCONFIG="${SYSTEM_GITCONFIG:-/etc/gitconfig}"
LIBSECRET_HELPER="/usr/share/doc/git/contrib/credential/libsecret/git-credential-libsecret"
CACHE_TIMEOUT="${CACHE_TIMEOUT:-3600}"
DRY_RUN=0

log()  { printf '\033[1m[helper-switch]\033[0m %s\n' "$*"; }
die()  { log "error: $*"; exit 1; }
run()  { if (( DRY_RUN )); then log "would run: $*"; else "$@"; fi; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        --timeout)    CACHE_TIMEOUT="$2"; shift ;;
        -h|--help)    sed -n '2,8p' "$0"; exit 0 ;;
        *)            die "unknown option $1" ;;
    esac
    shift
done

command -v git >/dev/null || die "git is not installed"

summarise_store() {
    local store="$HOME/.git-credentials"
    if [[ ! -s "$store" ]]; then
        log "no plaintext store for $USER"
        return
    fi
    local n
    n=$(grep -c '://' "$store" || true)
    log "$store holds $n credential(s) for:"
    sed -E 's#^[a-z]+://[^@]*@##' "$store" | sort -u | sed 's/^/    /'
}

pick_helper() {
    if [[ -x "$LIBSECRET_HELPER" ]]; then
        echo "$LIBSECRET_HELPER"
    elif [[ -x /usr/lib/git-core/git-credential-libsecret ]]; then
        echo "libsecret"
    else
        echo "cache --timeout=${CACHE_TIMEOUT}"
    fi
}

backup_system_config() {
    if [[ -f "$SYSTEM_GITCONFIG" ]]; then
        run sudo cp -p "$SYSTEM_GITCONFIG" "${SYSTEM_GITCONFIG}.bak.$(date +%Y%m%d%H%M%S)"
    fi
}

apply_helper() {
    local helper="$1"
    backup_system_config
    # clear any existing system-wide helper entries, then set ours
    run sudo git config --file "$SYSTEM_GITCONFIG" --unset-all credential.helper || true
    run sudo git config --file "$SYSTEM_GITCONFIG" credential.helper "$helper"
    run sudo git config --file "$SYSTEM_GITCONFIG" credential.useHttpPath false
    run sudo chmod 0644 "$SYSTEM_GITCONFIG"
}

main() {
    summarise_store
    local user_helper
    user_helper=$(git config --global --get credential.helper || echo "")
    if [[ "$user_helper" == store* ]]; then
        log "note: ~/.gitconfig still says '$user_helper' and overrides the system value"
    fi
    local helper
    helper=$(pick_helper)
    log "system helper -> $helper"
    apply_helper "$helper"
    log "done; current system value: $(git config --file "$SYSTEM_GITCONFIG" --get credential.helper || echo unset)"
}

main
