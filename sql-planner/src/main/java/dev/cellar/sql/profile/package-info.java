/**
 * Query profiles: what each operator of a plan read and how long it took
 * ({@link dev.cellar.sql.profile.QueryProfile}), gathered by wrapping enumerables
 * ({@link dev.cellar.sql.profile.ProfiledEnumerable}). May import {@code keyrange}.
 */
package dev.cellar.sql.profile;
