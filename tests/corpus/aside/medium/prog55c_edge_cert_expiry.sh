#!/bin/sh
# Report TLS certificate expiry for edge endpoints and fetch their /healthz.
# Several staging edges still serve self-signed certs, hence curl -k below.
# Results are appended to a shared log that the on-call dashboard tails.

REPORT=/tmp/edge-cert-report.log
SCRATCH=/tmp/edge-cert-scratch.pem
WARN_DAYS=${WARN_DAYS:-21}
ENDPOINTS=${ENDPOINTS:-"edge1.staging.example.net:443 edge2.staging.example.net:443 api.staging.example.net:8443"}

now_epoch() { date +%s; }

to_epoch() {
    # GNU date first, BSD date as a fallback
    date -d "$1" +%s 2>/dev/null || date -j -f "%b %d %T %Y %Z" "$1" +%s 2>/dev/null
}

check_cert() {
    target=$1
    host=${target%:*}
    if ! echo | openssl s_client -connect "$target" -servername "$host" 2>/dev/null \
            | openssl x509 -outform PEM > "$SCRATCH" 2>/dev/null; then
        echo "$(date -u +%FT%TZ) $target ERROR no certificate" >> "$REPORT"
        return 1
    fi
    end=$(openssl x509 -in "$SCRATCH" -noout -enddate | cut -d= -f2)
    subject=$(openssl x509 -in "$SCRATCH" -noout -subject | sed 's/^subject= *//')
    end_s=$(to_epoch "$end")
    if [ -z "$end_s" ]; then
        echo "$(date -u +%FT%TZ) $target ERROR cannot parse '$end'" >> "$REPORT"
        return 1
    fi
    days=$(( (end_s - $(now_epoch)) / 86400 ))
    state=OK
    [ "$days" -lt "$WARN_DAYS" ] && state=WARN
    [ "$days" -lt 0 ] && state=EXPIRED
    echo "$(date -u +%FT%TZ) $target $state ${days}d subject=$subject" >> "$REPORT"
    [ "$state" = OK ]
}

check_health() {
    target=$1
    code=$(curl -k -s -o /dev/null -w '%{http_code}' --max-time 6 "https://$target/healthz")
    echo "$(date -u +%FT%TZ) $target healthz=$code" >> "$REPORT"
    [ "$code" = 200 ]
}

main() {
    rc=0
    touch "$REPORT"
    echo "---- run $(date -u +%FT%TZ) warn<${WARN_DAYS}d" >> "$REPORT"
    for ep in $ENDPOINTS; do
        check_cert "$ep" || rc=1
        check_health "$ep" || rc=1
    done
    rm -f "$SCRATCH"
    tail -n $(( $(echo "$ENDPOINTS" | wc -w) * 2 )) "$REPORT"
    if [ "$rc" -ne 0 ]; then
        echo "one or more endpoints need attention" >&2
    fi
    return "$rc"
}

case "${1:-}" in
    -h|--help)
        echo "usage: $0    (env: ENDPOINTS, WARN_DAYS)"
        exit 0 ;;
esac

main
exit $?
