#!/usr/bin/env bash
# field_tablet_provision.sh - first-boot setup for a claims adjuster tablet.
#
# Installs the OCR / photo tooling, trusts the field-office CA so the depot
# sync servers validate, pins the depot hostnames (regional DNS is flaky on
# the LTE APN), and sets the tablet's time zone from the region profile.
#
# usage: field_tablet_provision.sh REGION [--ca FILE] [--dry-run]

set -euo pipefail

REGION="${1:-}"
shift || true
CA_FILE="./field-office-ca.crt"
DRY_RUN=0
PROFILE_DIR="$(dirname "$(readlink -f "$0")")/regions"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --ca) CA_FILE="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

if [[ -z "$REGION" || ! -r "${PROFILE_DIR}/${REGION}.env" ]]; then
    echo "usage: $0 REGION   (profiles: $(ls "$PROFILE_DIR" 2>/dev/null | sed 's/\.env//' | tr '\n' ' '))" >&2
    exit 64
fi
# shellcheck source=/dev/null
. "${PROFILE_DIR}/${REGION}.env"     # DEPOT_HOSTS (host=ip ...), TZ_NAME, NTP_SERVER

PACKAGES=(tesseract-ocr tesseract-ocr-eng exiftool imagemagick rsync curl jq)
step() { printf '\n==> %s\n' "$*"; }

as_root() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "[dry-run] $*"
    else
        sudo "$@"
    fi
}

install_packages() {
    step "installing field tooling"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${PACKAGES[@]}"
}

trust_field_ca() {
    step "trusting field-office CA"
    [[ -r "$CA_FILE" ]] || { echo "missing $CA_FILE" >&2; return 1; }
    openssl x509 -in "$CA_FILE" -noout -subject -enddate
    as_root install -m 0644 "$CA_FILE" /usr/local/share/ca-certificates/field-office-ca.crt
    as_root update-ca-certificates
}

pin_depot_hosts() {
    step "pinning depot hostnames"
    local pair host ip
    for pair in ${DEPOT_HOSTS}; do
        host="${pair%%=*}"; ip="${pair#*=}"
        if grep -qE "[[:space:]]${host}([[:space:]]|$)" /etc/hosts; then
            as_root sed -i -E "s/^[0-9.]+([[:space:]]+${host})/${ip}\1/" /etc/hosts
        else
            echo "${ip} ${host}  # claims depot" | as_root tee -a /etc/hosts >/dev/null
        fi
        echo "  ${host} -> ${ip}"
    done
}

set_clock() {
    step "time zone ${TZ_NAME}, NTP ${NTP_SERVER}"
    as_root timedatectl set-timezone "$TZ_NAME"
    as_root sed -i -E "s|^#?NTP=.*|NTP=${NTP_SERVER}|" /etc/systemd/timesyncd.conf
    as_root systemctl restart systemd-timesyncd
}

prepare_user_dirs() {
    step "creating offline work folders"
    mkdir -p "$HOME/ClaimsOffline/"{outbox,sent,assignments} "$HOME/evidence" "$HOME/mileage"
    chmod 0700 "$HOME/ClaimsOffline"
}

main() {
    echo "Provisioning tablet $(hostname) for region ${REGION}"
    install_packages
    trust_field_ca
    pin_depot_hosts
    set_clock
    prepare_user_dirs
    step "done - reboot recommended"
}

main
