#!/usr/bin/env bash
# kiosk_hosts_provision.sh - pin the terminal backends in the kiosk's hosts
# file and drop the site config, so check-in keeps working when the pier's
# DNS goes flaky on turnaround day.
#
#   kiosk_hosts_provision.sh [-t TERMINAL] [-r] [-n]
set -euo pipefail

TERMINAL="pier-b"
REMOVE=0
DRY=0
BEGIN_MARK="# >>> checkin-kiosk pins >>>"
END_MARK="# <<< checkin-kiosk pins <<<"

while getopts ":t:rnh" o; do
    case "$o" in
        t) TERMINAL="$OPTARG" ;;
        r) REMOVE=1 ;;
        n) DRY=1 ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "usage: $0 [-t terminal] [-r] [-n]" >&2; exit 2 ;;
    esac
done

info() { printf '[provision] %s\n' "$*" >&2; }

# backend pins per terminal: name -> last octet on the terminal subnet
declare -A PINS=(
    [booking]=10
    [passport]=11
    [bagtag]=12
    [printers]=20
)
SUBNET="198.51.100"
DOMAIN="${TERMINAL}.example.com"

etc_path() {
    local parts=("" "etc" "$@")
    local IFS=/
    printf '%s' "${parts[*]}"
}

priv() {
    if [[ $DRY -eq 1 ]]; then
        info "would run: $*"
        return 0
    fi
    if [[ $(id -u) -ne 0 ]]; then
        sudo -- "$@"
    else
        "$@"
    fi
}

render_block() {
    local name
    echo "$BEGIN_MARK"
    for name in "${!PINS[@]}"; do
        printf '%s.%s\t%s.%s %s\n' "$SUBNET" "${PINS[$name]}" "$name" "$DOMAIN" "$name"
    done | sort
    echo "$END_MARK"
}

strip_block() {
    local hosts
    hosts="$(etc_path hosts)"
    priv sed -i "/^${BEGIN_MARK//\//\\/}\$/,/^${END_MARK//\//\\/}\$/d" "$hosts"
}

write_hosts() {
    local hosts stamp
    hosts="$(etc_path hosts)"
    stamp="$(date +%Y%m%d%H%M%S)"
    priv cp -p "$hosts" "${hosts}.kiosk-${stamp}"
    strip_block
    render_block | priv tee -a "$hosts" >/dev/null
    info "pinned ${#PINS[@]} backends for ${DOMAIN}"
}

write_site_conf() {
    local dir conf
    dir="$(etc_path checkin)"
    conf="${dir}/site.conf"
    priv install -d -m 0755 "$dir"
    printf 'terminal=%s\nbooking_url=https://booking.%s/api\nprinter_host=printers.%s\n' \
        "$TERMINAL" "$DOMAIN" "$DOMAIN" | priv tee "$conf" >/dev/null
    priv chown root:root "$conf"
    priv chmod 0644 "$conf"
    info "wrote $conf"
}

verify() {
    local name ok=0
    for name in "${!PINS[@]}"; do
        if getent hosts "${name}.${DOMAIN}" >/dev/null; then
            ok=$((ok + 1))
        else
            info "warning: ${name}.${DOMAIN} does not resolve yet"
        fi
    done
    info "${ok}/${#PINS[@]} pins resolving"
}

main() {
    if [[ $REMOVE -eq 1 ]]; then
        strip_block
        info "pins removed"
        exit 0
    fi
    write_hosts
    write_site_conf
    [[ $DRY -eq 1 ]] || verify
}

main
