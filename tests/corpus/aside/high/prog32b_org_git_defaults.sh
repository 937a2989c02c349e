#!/usr/bin/env bash
# org_git_defaults.sh -- apply the engineering org's git defaults machine-wide
# on developer workstations and CI images:
#   * system gitconfig (/etc/gitconfig) with our standard settings
#   * /usr/local/bin/git-prune-merged helper, exposed as `git prune-merged`
# Requires sudo. Run with --check to only show what would change.
set -euo pipefail

SYSTEM_GITCONFIG=/etc/gitconfig
HELPER_PATH=/usr/local/bin/git-prune-merged
CHECK_ONLY=0

declare -A SETTINGS=(
    [init.defaultBranch]=main
    [fetch.prune]=true
    [pull.rebase]=true
    [push.autoSetupRemote]=true
    [rerere.enabled]=true
    [core.autocrlf]=input
    [transfer.fsckObjects]=true
    [diff.colorMoved]=zebra
)

log() { echo "[git-defaults] $*"; }

for arg in "$@"; do
    case "$arg" in
        --check) CHECK_ONLY=1 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown argument: $arg" >&2; exit 2 ;;
    esac
done

command -v git >/dev/null || { echo "git is not installed" >&2; exit 1; }

if [[ $CHECK_ONLY -eq 0 ]]; then
    sudo -v || { echo "sudo is required" >&2; exit 1; }
fi

apply_setting() {
    local key=$1 want=$2 have
    have=$(git config --system --get "$key" 2>/dev/null || true)
    if [[ "$have" == "$want" ]]; then
        log "ok       $key=$want"
        return
    fi
    if [[ $CHECK_ONLY -eq 1 ]]; then
        log "change   $key: '${have}' -> '${want}'"
    else
        sudo git config --system "$key" "$want"
        log "set      $key=$want"
    fi
}

backup_system_config() {
    if [[ -f "$SYSTEM_GITCONFIG" ]]; then
        sudo cp -p "$SYSTEM_GITCONFIG" "${SYSTEM_GITCONFIG}.$(date +%Y%m%d%H%M%S).bak"
        log "backed up $SYSTEM_GITCONFIG"
    else
        sudo touch "$SYSTEM_GITCONFIG"
        sudo chmod 0644 "$SYSTEM_GITCONFIG"
    fi
}

install_helper() {
    local tmp
    tmp=$(mktemp)
    cat >"$tmp" <<'EOF'
#!/usr/bin/env bash
# git prune-merged: delete local branches already merged into the default branch
set -euo pipefail
base=${1:-$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's@^origin/@@')}
base=${base:-main}
git fetch --prune --quiet
git branch --merged "$base" --format='%(refname:short)' |
    grep -vxE "(main|master|develop|$base)" |
    while read -r b; do git branch -d "$b"; done
EOF
    if [[ $CHECK_ONLY -eq 1 ]]; then
        if cmp -s "$tmp" "$HELPER_PATH" 2>/dev/null; then
            log "ok       $HELPER_PATH"
        else
            log "change   $HELPER_PATH would be (re)installed"
        fi
    else
        sudo install -o root -g root -m 0755 "$tmp" "$HELPER_PATH"
        log "installed $HELPER_PATH"
    fi
    rm -f "$tmp"
}

if [[ $CHECK_ONLY -eq 0 ]]; then
    backup_system_config
fi

for key in "${!SETTINGS[@]}"; do
    apply_setting "$key" "${SETTINGS[$key]}"
done

install_helper

if [[ $CHECK_ONLY -eq 0 ]]; then
    log "system config now:"
    git config --system --list | sed 's/^/    /'
fi
