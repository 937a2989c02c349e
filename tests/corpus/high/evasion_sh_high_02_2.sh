#!/bin/sh
"su"do ls /root
