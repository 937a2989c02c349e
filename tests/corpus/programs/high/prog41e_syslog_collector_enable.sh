#!/bin/sh
# Turn this box into the central syslog collector for the POP routers.
#
# - writes an rsyslog drop-in that listens on udp/tcp 514 and files messages
#   per sending host under /var/log/remote/<host>/<facility>.log
# - creates the spool directory with syslog ownership
# - validates the config and restarts rsyslog
#
# usage: syslog_collector_enable.sh [--allowed 10.20.0.0/16] [--dry-run]
set -eu

ALLOWED_NETS="10.20.0.0/16"
DROPIN=/etc/rsyslog.d/30-pop-collector.conf
SPOOL=/var/log/remote
DRY_RUN=0

while [ $# -gt 0 ]; do
    case "$1" in
        --allowed) ALLOWED_NETS="$ALLOWED_NETS $2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

render_dropin() {
    allowed=""
    for net in $ALLOWED_NETS; do
        allowed="${allowed:+$allowed, }$net"
    done
    cat <<EOF
# managed by syslog_collector_enable.sh
module(load="imudp")
module(load="imtcp")
\$AllowedSender UDP, $allowed
\$AllowedSender TCP, $allowed

template(name="PerHostFile" type="string"
         string="$SPOOL/%HOSTNAME%/%syslogfacility-text%.log")

ruleset(name="pop_remote") {
    action(type="omfile" dynaFile="PerHostFile"
           dirCreateMode="0750" fileCreateMode="0640"
           fileOwner="syslog" fileGroup="adm")
    stop
}

input(type="imudp" port="514" ruleset="pop_remote")
input(type="imtcp" port="514" ruleset="pop_remote")
EOF
}

main() {
    tmp=$(mktemp -t collector.XXXXXX)
    trap 'rm -f "$tmp"' EXIT
    render_dropin > "$tmp"

    if [ "$DRY_RUN" -eq 1 ]; then
        cat "$tmp"
        exit 0
    fi

    echo "installing $DROPIN"
    as_root install -o root -g root -m 0644 "$tmp" "$DROPIN"

    echo "preparing $SPOOL"
    as_root install -d -o syslog -g adm -m 0750 "$SPOOL"

    if ! as_root rsyslogd -N1 >/dev/null 2>&1; then
        echo "rsyslogd -N1 failed; removing drop-in" >&2
        as_root rm -f "$DROPIN"
        exit 1
    fi

    as_root systemctl restart rsyslog
    as_root systemctl --no-pager --lines=0 status rsyslog || true
    echo "collector listening on 514/udp+tcp for: $ALLOWED_NETS"
}

main
