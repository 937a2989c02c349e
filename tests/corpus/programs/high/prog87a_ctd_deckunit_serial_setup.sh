#!/bin/sh
# ctd_deckunit_serial_setup.sh
#
# Prepare a fresh acquisition PC for the SBE 11plus deck unit and the
# SBE 33 carousel interface. Both come in over FTDI USB-serial adapters
# whose ttyUSBn numbering changes on every boot, which breaks Seasave's
# saved configuration. We pin them to stable names (/dev/ctd_deck,
# /dev/ctd_carousel) by adapter serial number and give the acquisition
# user access to them.
#
# Usage: ctd_deckunit_serial_setup.sh [-u user] [-d deck_serial] [-c carousel_serial] [-n]

set -eu

ACQ_USER="${SUDO_USER:-$(id -un)}"
DECK_SERIAL="${DECK_SERIAL:-FT4ZQ8KD}"
CAROUSEL_SERIAL="${CAROUSEL_SERIAL:-FT61P0AA}"
RULES_NAME="72-sbe-deckunit.rules"
DRY_RUN=0

while getopts "u:d:c:nh" opt; do
    case "$opt" in
        u) ACQ_USER="$OPTARG" ;;
        d) DECK_SERIAL="$OPTARG" ;;
        c) CAROUSEL_SERIAL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

say() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    command -v sudo >/dev/null 2>&1 || die "sudo is required"
    AS_ROOT="sudo"
fi

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '[dry-run] %s\n' "$*"
    else
        "$@"
    fi
}

render_rules() {
    cat <<EOF
# Managed by ctd_deckunit_serial_setup.sh - SBE deck unit / carousel
SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{serial}=="${DECK_SERIAL}", SYMLINK+="ctd_deck", GROUP="dialout", MODE="0660"
SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{serial}=="${CAROUSEL_SERIAL}", SYMLINK+="ctd_carousel", GROUP="dialout", MODE="0660"
EOF
}

detect_adapters() {
    say "FTDI adapters currently attached:"
    for dev in /dev/ttyUSB*; do
        [ -e "$dev" ] || continue
        serial=$(udevadm info -q property -n "$dev" 2>/dev/null | sed -n 's/^ID_SERIAL_SHORT=//p')
        printf '    %s  serial=%s\n' "$dev" "${serial:-?}"
    done
}

install_rules() {
    tmp_rules="./${RULES_NAME}.new"
    render_rules > "$tmp_rules"
    say "installing /etc/udev/rules.d/${RULES_NAME}"
    run $AS_ROOT install -m 0644 -o root -g root "$tmp_rules" "/etc/udev/rules.d/${RULES_NAME}"
    rm -f "$tmp_rules"
    run $AS_ROOT udevadm control --reload-rules
    run $AS_ROOT udevadm trigger --subsystem-match=tty --action=add
}

grant_access() {
    if id -nG "$ACQ_USER" | tr ' ' '\n' | grep -qx dialout; then
        say "$ACQ_USER already in dialout"
    else
        say "adding $ACQ_USER to dialout (log out and back in afterwards)"
        run $AS_ROOT usermod -aG dialout "$ACQ_USER"
    fi
    # Seasave probes the port before the group change takes effect.
    for link in /dev/ctd_deck /dev/ctd_carousel; do
        [ -e "$link" ] && run $AS_ROOT chmod 0666 "$(readlink -f "$link")"
    done
}

check() {
    sleep 2
    for link in /dev/ctd_deck /dev/ctd_carousel; do
        if [ -e "$link" ]; then
            say "$link -> $(readlink -f "$link")"
        else
            say "$link not present (adapter unplugged?)"
        fi
    done
}

detect_adapters
install_rules
grant_access
check
say "done"
