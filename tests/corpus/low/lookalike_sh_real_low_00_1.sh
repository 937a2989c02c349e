#!/bin/sh
history | tail -n 20
