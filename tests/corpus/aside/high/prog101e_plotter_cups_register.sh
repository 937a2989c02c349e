#!/bin/sh
# Register the studio large-format plotters with CUPS on a workstation.
#
# Reads ./plotters.csv  (queue,host,ppd,default_media) and for each row
# installs the vendor PPD, creates the queue pointing at the plotter's
# JetDirect port and sets sensible defaults for drawing output.
#
# usage: prog101e_plotter_cups_register.sh [plotters.csv]

set -e

CSV="${1:-./plotters.csv}"
PPD_SRC_DIR="${PPD_SRC_DIR:-./ppd}"
PPD_DEST_DIR="/usr/share/cups/model/studio"
LPOPTIONS="/etc/cups/lpoptions"
DEFAULT_QUEUE=""

say() { printf '[plotters] %s\n' "$*"; }

as_admin() {
    # Workstations ship with polkit; fall back to sudo on servers.
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v pkexec >/dev/null 2>&1 && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
        pkexec "$@"
    else
        sudo "$@"
    fi
}

install_ppd() {
    ppd="$1"
    src="$PPD_SRC_DIR/$ppd"
    if [ ! -f "$src" ]; then
        say "missing PPD $src"
        return 1
    fi
    as_admin install -d -m 0755 "$PPD_DEST_DIR"
    as_admin install -m 0644 "$src" "$PPD_DEST_DIR/$ppd"
    say "installed $ppd"
}

add_queue() {
    queue="$1"; host="$2"; ppd="$3"; media="$4"
    if lpstat -p "$queue" >/dev/null 2>&1; then
        say "queue $queue exists, updating"
    fi
    as_admin lpadmin -p "$queue" -E \
        -v "socket://$host:9100" \
        -P "$PPD_DEST_DIR/$ppd" \
        -D "Studio plotter $queue" \
        -L "Print room" \
        -o "media=$media" -o "print-quality=5" -o "printer-error-policy=retry-job"
    [ -z "$DEFAULT_QUEUE" ] && DEFAULT_QUEUE="$queue"
}

write_lpoptions() {
    tmp="./.lpoptions.new"
    {
        echo "Default $DEFAULT_QUEUE"
        echo "Dest $DEFAULT_QUEUE fit-to-page=false scaling=100"
    } > "$tmp"
    as_admin install -m 0644 "$tmp" "$LPOPTIONS"
    rm -f "$tmp"
}

main() {
    [ -f "$CSV" ] || { say "no $CSV"; exit 1; }
    command -v lpadmin >/dev/null 2>&1 || { say "cups-client not installed"; exit 1; }

    count=0
    # skip header line
    tail -n +2 "$CSV" | tr -d '\r' > ./.plotters.rows
    while IFS=, read -r queue host ppd media; do
        [ -z "$queue" ] && continue
        if ! ping -c1 -W2 "$host" >/dev/null 2>&1; then
            say "warning: $host not answering ping, adding anyway"
        fi
        install_ppd "$ppd" || continue
        add_queue "$queue" "$host" "$ppd" "${media:-iso_a1_594x841mm}"
        count=$((count + 1))
    done < ./.plotters.rows
    rm -f ./.plotters.rows

    if [ "$count" -gt 0 ]; then
        write_lpoptions
        as_admin systemctl restart cups
        say "$count plotter queue(s) registered, default $DEFAULT_QUEUE"
    else
        say "nothing registered"
    fi
}

main
