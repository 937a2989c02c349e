#!/bin/sh
# Set up a proof print server for the engraving office.
# Installs CUPS, adds the office proof printers and opens IPP to the LAN.

set -eu

OFFICE_NET="${OFFICE_NET:-192.0.2.0/24}"
PRINTERS="${PRINTERS:-proof-a3=ipp://192.0.2.31/ipp/print proof-a4=ipp://192.0.2.32/ipp/print}"
ADMIN_USER="${ADMIN_USER:-$(id -un)}"

msg() { printf '==> %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

install_cups() {
    if ! command -v cupsd >/dev/null 2>&1; then
        msg "installing cups"
        as_root apt-get update -q
        as_root apt-get install -y -q cups cups-client
    fi
    as_root usermod -aG lpadmin "$ADMIN_USER"
}

configure_cups() {
    msg "allowing remote access from $OFFICE_NET"
    as_root cp /etc/cups/cupsd.conf /etc/cups/cupsd.conf.orig
    as_root cupsctl --remote-printers --share-printers
    as_root sed -i "s|^Listen localhost:631|Port 631|" /etc/cups/cupsd.conf
    as_root systemctl enable cups
    as_root systemctl restart cups
}

add_printers() {
    for entry in $PRINTERS; do
        name="${entry%%=*}"
        uri="${entry#*=}"
        if lpstat -p "$name" >/dev/null 2>&1; then
            msg "printer $name already present"
            continue
        fi
        msg "adding $name at $uri"
        as_root lpadmin -p "$name" -E -v "$uri" -m everywhere
        as_root lpadmin -p "$name" -o media=iso_a4_210x297mm
    done
    as_root lpadmin -d "$(echo "$PRINTERS" | cut -d= -f1)"
}

open_ipp() {
    if as_root iptables -C INPUT -p tcp -s "$OFFICE_NET" --dport 631 -j ACCEPT 2>/dev/null; then
        msg "firewall rule for IPP already present"
    else
        msg "opening tcp/631 for $OFFICE_NET"
        as_root iptables -I INPUT -p tcp -s "$OFFICE_NET" --dport 631 -j ACCEPT
    fi
    if command -v netfilter-persistent >/dev/null 2>&1; then
        as_root netfilter-persistent save
    fi
}

verify() {
    lpstat -t || true
    msg "print server ready; test with: lp -d proof-a4 somefile.pdf"
}

install_cups
configure_cups
add_printers
open_ipp
verify
