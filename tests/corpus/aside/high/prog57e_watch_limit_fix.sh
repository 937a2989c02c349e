#!/usr/bin/env bash
# dev-setup step 3/5: make sure file watchers (VS Code, jest --watch, vite,
# watchman) have enough inotify watches for this monorepo, and keep the
# setting across reboots.
set -euo pipefail

PROG=${0##*/}
REPO_ROOT=${REPO_ROOT:-$(pwd)}
HEADROOM=${HEADROOM:-4}
FLOOR=524288
CONF_FILE=/etc/sysctl.d/60-devtools-inotify.conf
DRY_RUN=0

log()  { printf '[%s] %s\n' "$PROG" "$*"; }
die()  { printf '[%s] ERROR: %s\n' "$PROG" "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case $1 in
        -n|--dry-run) DRY_RUN=1 ;;
        -r|--repo)    REPO_ROOT=$2; shift ;;
        -h|--help)    sed -n '2,4p' "$0"; exit 0 ;;
        *)            die "unknown argument: $1" ;;
    esac
    shift
done

run() {
    if (( DRY_RUN )); then
        printf '  would run: %s\n' "$*"
    else
        "$@"
    fi
}

read_kernel_value() {
    local value
    read -r value < "/proc/sys/fs/inotify/$1" || value=0
    printf '%s' "$value"
}

count_watchable() {
    find "$REPO_ROOT" \
        \( -name .git -o -name node_modules -o -name .venv -o -name dist \) -prune \
        -o -type d -print 2>/dev/null | wc -l
}

[[ $(uname -s) == Linux ]] || { log "not Linux; nothing to do"; exit 0; }

current=$(read_kernel_value max_user_watches)
instances=$(read_kernel_value max_user_instances)
dirs=$(count_watchable)
wanted=$(( dirs * HEADROOM ))
(( wanted < FLOOR )) && wanted=$FLOOR
wanted_instances=$(( instances < 1024 ? 1024 : instances ))

log "max_user_watches=$current max_user_instances=$instances dirs=$dirs target=$wanted"

if (( current >= wanted && instances >= wanted_instances )); then
    log "limits already sufficient"
    exit 0
fi

if (( EUID != 0 )); then
    SUDO=sudo
    log "raising kernel limits requires root; you may be asked for your password"
else
    SUDO=
fi

run $SUDO sysctl -w fs.inotify.max_user_watches="$wanted"
run $SUDO sysctl -w fs.inotify.max_user_instances="$wanted_instances"

tmp_conf=$(mktemp "${TMPDIR:-/tmp}/inotify.XXXXXX")
cat > "$tmp_conf" <<CONF
# managed by $PROG from $(basename "$REPO_ROOT") on $(date -u +%F)
fs.inotify.max_user_watches = $wanted
fs.inotify.max_user_instances = $wanted_instances
CONF

if (( DRY_RUN )); then
    log "would install $CONF_FILE:"
    sed 's/^/    /' "$tmp_conf"
else
    $SUDO install -m 0644 -o root -g root "$tmp_conf" "$CONF_FILE"
    log "persisted to $CONF_FILE"
fi
rm -f "$tmp_conf"

log "new value: $(read_kernel_value max_user_watches)"
