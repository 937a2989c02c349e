#!/usr/bin/env bash
# mosquitto_tls_setup.sh - issue a site CA and broker certificate for the
# on-prem Mosquitto broker and switch it to TLS on 8883.
#
#   mosquitto_tls_setup.sh -n broker.site12.lan [-a 10.20.0.5] [-d 825] [-w ./pki]
#
# Keys and certs are generated in the work dir (default ./pki) and then
# installed into the broker's config tree.
set -euo pipefail

CN=""
ALT_IP=""
DAYS=825
WORK=./pki
MOSQ_ETC=/etc/mosquitto
MOSQ_GROUP=mosquitto
RUN=""

usage() { sed -n '2,8p' "$0"; exit "${1:-0}"; }

while getopts "n:a:d:w:h" opt; do
    case $opt in
        n) CN=$OPTARG ;;
        a) ALT_IP=$OPTARG ;;
        d) DAYS=$OPTARG ;;
        w) WORK=$OPTARG ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
[ -n "$CN" ] || usage 2

[ "$(id -u)" -eq 0 ] || RUN=sudo
command -v openssl >/dev/null || { echo "openssl missing" >&2; exit 1; }

mkdir -p "$WORK"
umask 077

issue_ca() {
    if [ -s "$WORK/ca.key" ] && [ -s "$WORK/ca.crt" ]; then
        echo "reusing CA in $WORK"
        return
    fi
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$WORK/ca.key"
    openssl req -x509 -new -key "$WORK/ca.key" -sha256 -days 3650 \
        -subj "/O=Fleet IoT/CN=Site MQTT CA" -out "$WORK/ca.crt"
}

issue_server() {
    local san="DNS:$CN"
    [ -n "$ALT_IP" ] && san="$san,IP:$ALT_IP"
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$WORK/server.key"
    openssl req -new -key "$WORK/server.key" -subj "/O=Fleet IoT/CN=$CN" -out "$WORK/server.csr"
    openssl x509 -req -in "$WORK/server.csr" -CA "$WORK/ca.crt" -CAkey "$WORK/ca.key" \
        -CAcreateserial -days "$DAYS" -sha256 \
        -extfile <(printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\n' "$san") \
        -out "$WORK/server.crt"
    openssl verify -CAfile "$WORK/ca.crt" "$WORK/server.crt" >/dev/null
}

listener_conf() {
    cat <<EOF
# managed by mosquitto_tls_setup.sh
listener 8883
protocol mqtt
cafile $MOSQ_ETC/certs/ca.crt
certfile $MOSQ_ETC/certs/server.crt
keyfile $MOSQ_ETC/certs/server.key
tls_version tlsv1.2
require_certificate false
EOF
}

install_broker_files() {
    $RUN install -d -m 0750 -o root -g "$MOSQ_GROUP" "$MOSQ_ETC/certs"
    $RUN install -m 0644 -o root -g "$MOSQ_GROUP" "$WORK/ca.crt" "$MOSQ_ETC/certs/ca.crt"
    $RUN install -m 0644 -o root -g "$MOSQ_GROUP" "$WORK/server.crt" "$MOSQ_ETC/certs/server.crt"
    $RUN install -m 0640 -o root -g "$MOSQ_GROUP" "$WORK/server.key" "$MOSQ_ETC/certs/server.key"
    listener_conf | $RUN tee "$MOSQ_ETC/conf.d/tls.conf" >/dev/null
}

restart_broker() {
    $RUN systemctl restart mosquitto
    sleep 2
    if ! $RUN systemctl is-active --quiet mosquitto; then
        echo "mosquitto failed to start, see: journalctl -u mosquitto" >&2
        exit 1
    fi
}

issue_ca
issue_server
install_broker_files
restart_broker

echo "TLS listener active on 8883 for $CN"
echo "distribute $WORK/ca.crt to clients (e.g. mosquitto_sub --cafile ca.crt -p 8883 -h $CN ...)"
