#!/usr/bin/env bash
# wol_proxy_setup.sh - set up a small wake-on-LAN helper directory for the
# machines on the lab VLAN (NAS, backup box, the gaming PC that doubles as a
# Proxmox node).
#
#   ./wol_proxy_setup.sh [-d DIR] [-b BROADCAST] host[=MAC] ...
#
# For hosts given without a MAC the address is looked up in the kernel ARP
# cache, so ping each one once while it is still awake.  Creates:
#   DIR/hosts.conf   name, MAC, broadcast address
#   DIR/wake.sh      wake.sh NAME... | --all
set -eu

DIR="./wol"
BCAST="192.168.20.255"

usage() { sed -n '2,12s/^# \{0,1\}//p' "$0"; exit "${1:-0}"; }
msg()   { printf '[wol-setup] %s\n' "$*" >&2; }

while getopts ':d:b:h' opt; do
    case "$opt" in
        d) DIR="$OPTARG" ;;
        b) BCAST="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
shift $((OPTIND - 1))
[ "$#" -gt 0 ] || usage 1

valid_mac() { printf '%s' "$1" | grep -Eiq '^([0-9a-f]{2}:){5}[0-9a-f]{2}$'; }

arp_lookup() {
    # /proc/net/arp: IP HWtype Flags HWaddress Mask Device
    local ip
    ip=$(getent hosts "$1" | awk '{print $1; exit}') || true
    [ -n "$ip" ] || return 1
    awk -v ip="$ip" '$1 == ip && $4 != "00:00:00:00:00:00" {print tolower($4); exit}' /proc/net/arp
}

write_conf() {
    local conf="$DIR/hosts.conf" entry name mac
    : > "$conf.new"
    printf '# name mac broadcast\n' >> "$conf.new"
    for entry in "$@"; do
        name="${entry%%=*}"
        if [ "$entry" != "$name" ]; then
            mac="${entry#*=}"
        else
            mac="$(arp_lookup "$name" || true)"
        fi
        if [ -z "$mac" ] || ! valid_mac "$mac"; then
            msg "no usable MAC for $name, skipping (ping it first or pass $name=aa:bb:..)"
            continue
        fi
        printf '%s %s %s\n' "$name" "$mac" "$BCAST" >> "$conf.new"
        msg "added $name ($mac)"
    done
    mv -f "$conf.new" "$conf"
    chmod 600 "$conf"
}

write_waker() {
    cat > "$DIR/wake.sh" <<'EOF'
#!/usr/bin/env bash
# wake.sh NAME... | --all  - send magic packets to hosts from hosts.conf
set -u
here="$(cd "$(dirname "$0")" && pwd)"
conf="$here/hosts.conf"
command -v wakeonlan >/dev/null || { echo "install wakeonlan" >&2; exit 1; }
want=" $* "
while read -r name mac bcast; do
    case "$name" in ''|\#*) continue ;; esac
    if [ "$want" = " --all " ] || [ "${want#* $name }" != "$want" ]; then
        for _ in 1 2 3; do wakeonlan -i "$bcast" "$mac" >/dev/null; sleep 1; done
        echo "woke $name"
    fi
done < "$conf"
EOF
    chmod 700 "$DIR/wake.sh"
}

main() {
    mkdir -p "$DIR"
    write_conf "$@"
    if [ "$(grep -vc '^#' "$DIR/hosts.conf")" -eq 0 ]; then
        msg "no hosts configured"
        exit 1
    fi
    write_waker
    msg "done. wake a host with: $DIR/wake.sh <name>  (or --all)"
}

main "$@"
