#!/bin/bash
# my laptop wifi dies after suspend. this fixes it (most of the time)
# usage: ./wifi_fix.sh [driver]     default driver is iwlwifi

DRIVER="iwlwifi"
if [ -n "$1" ]; then
    DRIVER="$1"
fi
TRIES=3
TEST_HOST="1.1.1.1"

echo "DEBUG: driver=$DRIVER tries=$TRIES"

# check if wifi is already ok
if ping -c 1 -W 2 $TEST_HOST > /dev/null 2>&1; then
    echo "internet works already, nothing to do"
    exit 0
fi

echo "internet is down, lets fix it"

# show what the wifi card says
nmcli radio wifi
nmcli device status | grep wifi

i=1
while [ $i -le $TRIES ]; do
    echo "===== attempt $i ====="

    # step 1: turn wifi off and on
    echo "toggling radio"
    nmcli radio wifi off
    sleep 2
    nmcli radio wifi on
    sleep 5
    if ping -c 1 -W 2 $TEST_HOST > /dev/null 2>&1; then
        echo "fixed by toggling radio!"
        exit 0
    fi

    # step 2: reload the driver
    echo "reloading driver $DRIVER"
    sudo modprobe -r $DRIVER
    sleep 2
    sudo modprobe $DRIVER
    if [ $? -ne 0 ]; then
        echo "modprobe failed?? is the driver name right"
    fi
    sleep 8
    if ping -c 1 -W 2 $TEST_HOST > /dev/null 2>&1; then
        echo "fixed by reloading driver!"
        exit 0
    fi

    # step 3: restart network manager
    echo "restarting NetworkManager"
    sudo systemctl restart NetworkManager
    sleep 10
    if ping -c 1 -W 2 $TEST_HOST > /dev/null 2>&1; then
        echo "fixed by restarting NetworkManager!"
        exit 0
    fi

    i=$((i+1))
done

echo "still broken after $TRIES tries :( try rebooting"
echo "some info for the forum post:"
lspci -k | grep -A 3 -i network
sudo dmesg | grep -i $DRIVER | tail -20
exit 1
