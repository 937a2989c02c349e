#!/usr/bin/env bash
insmod ./driver.ko
