/**
 * How storage backends plug in: a {@link dev.cellar.storage.spi.StoreProvider} serves URL
 * schemes ({@code mem}, {@code file}, {@code hbase}) and is found through
 * {@link java.util.ServiceLoader} by {@link dev.cellar.storage.spi.StoreProviders}.
 */
package dev.cellar.storage.spi;
