#!/bin/sh
# Apply a named kernel tuning profile to a database or cache host.
#   kernel-profile.sh [-n] <profile>      profiles: db, cache, web, list
# Profiles are plain "key=value" tables below; the selected one is applied
# live with sysctl and persisted to /etc/sysctl.d so it survives reboots.

set -eu

DROPIN=/etc/sysctl.d/90-host-profile.conf
DRY_RUN=0

profile_db() {
    cat <<'EOF'
vm.swappiness=1
vm.dirty_background_ratio=5
vm.dirty_ratio=15
vm.overcommit_memory=2
kernel.shmmax=17179869184
EOF
}

profile_cache() {
    cat <<'EOF'
vm.overcommit_memory=1
net.core.somaxconn=4096
net.ipv4.tcp_max_syn_backlog=4096
EOF
}

profile_web() {
    cat <<'EOF'
net.core.somaxconn=8192
net.ipv4.ip_local_port_range=10240 65000
net.ipv4.tcp_fin_timeout=15
fs.file-max=2097152
EOF
}

die() { echo "kernel-profile: $*" >&2; exit 1; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

apply_profile() {
    name=$1
    table=$("profile_$name")
    tmp=./.sysctl-$name.conf
    {
        echo "# managed by kernel-profile.sh (profile: $name)"
        printf '%s\n' "$table"
    } > "$tmp"

    echo "$table" | while IFS='=' read -r key value; do
        [ -n "$key" ] || continue
        current=$(sysctl -n "$key" 2>/dev/null || echo "?")
        if [ "$current" = "$value" ]; then
            echo "  $key already $value"
            continue
        fi
        echo "  $key: $current -> $value"
        if [ "$DRY_RUN" -eq 0 ]; then
            as_root sysctl -q -w "$key=$value"
        fi
    done

    if [ "$DRY_RUN" -eq 0 ]; then
        as_root install -m 0644 -o root -g root "$tmp" "$DROPIN"
        echo "persisted to $DROPIN"
    fi
    rm -f "$tmp"
}

while getopts n opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        *) die "usage: $0 [-n] <profile>" ;;
    esac
done
shift $((OPTIND - 1))

[ $# -eq 1 ] || die "usage: $0 [-n] <profile>"
case $1 in
    list)
        for p in db cache web; do echo "$p"; done
        exit 0
        ;;
    db|cache|web)
        echo "applying profile '$1'"
        apply_profile "$1"
        ;;
    *)
        die "unknown profile '$1'"
        ;;
esac
