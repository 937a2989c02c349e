#!/bin/sh
# discord_gateway_tuning.sh - host tuning for the sharded Discord gateway
# workers (~2500 guilds per shard, one websocket each plus REST keep-alives).
#
# Raises the open-file limit for the bot account and bumps a few network
# knobs that the default VM image keeps low. Applies and prints the result
# by default; --show only prints. Uses doas where available, sudo otherwise.

set -eu

BOT_USER="${BOT_USER:-discordbot}"
SYSCTL_FILE=/etc/sysctl.d/60-discord-gateway.conf
LIMITS_FILE=/etc/security/limits.d/60-discord-gateway.conf
NOFILE=262144

if command -v doas >/dev/null 2>&1; then
    ELEVATE=doas
else
    ELEVATE=sudo
fi

knobs() {
    cat <<EOF
net.core.somaxconn = 4096
net.ipv4.ip_local_port_range = 10240 65000
net.ipv4.tcp_fin_timeout = 15
net.ipv4.tcp_keepalive_time = 120
net.ipv4.tcp_keepalive_intvl = 30
net.ipv4.tcp_tw_reuse = 1
fs.file-max = 2097152
EOF
}

show() {
    knobs | while IFS=' =' read -r key _; do
        path="/proc/sys/$(echo "$key" | tr . /)"
        printf '%-36s %s\n' "$key" "$(cat "$path" 2>/dev/null | tr '\t' ' ')"
    done
    printf '%-36s %s\n' "ulimit -n ($(id -un))" "$(ulimit -n)"
}

write_root_file() {
    # $1 = destination; content on stdin
    $ELEVATE tee "$1" >/dev/null
    $ELEVATE chmod 0644 "$1"
}

apply() {
    echo "writing $SYSCTL_FILE"
    { echo "# managed by discord_gateway_tuning.sh"; knobs; } | write_root_file "$SYSCTL_FILE"

    echo "writing $LIMITS_FILE"
    write_root_file "$LIMITS_FILE" <<EOF
# managed by discord_gateway_tuning.sh
$BOT_USER soft nofile $NOFILE
$BOT_USER hard nofile $NOFILE
EOF

    echo "loading sysctl settings"
    $ELEVATE sysctl -p "$SYSCTL_FILE"

    # somaxconn needs to be live before the gateway re-binds its listener
    echo 4096 | $ELEVATE tee /proc/sys/net/core/somaxconn >/dev/null

    if systemctl list-unit-files discord-gateway@.service >/dev/null 2>&1; then
        echo "restarting gateway shards"
        $ELEVATE systemctl restart 'discord-gateway@*.service'
    fi
}

case "${1:---apply}" in
    --show)  show ;;
    --apply) apply; echo; show ;;
    *) echo "usage: $0 [--show|--apply]" >&2; exit 2 ;;
esac
