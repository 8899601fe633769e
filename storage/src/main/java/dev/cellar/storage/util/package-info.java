/** Small shared helpers: byte buffers with fixed-width and variable-length integer coding, checksums. */
package dev.cellar.storage.util;
