import type { ColumnType } from 'kysely';

/**
 * Table types as Kysely sees them (camelCase; the CamelCasePlugin maps to snake_case columns). Stored
 * booleans, dates and JSON differ per dialect, so their types are the union; decode them with ColumnCodec.
 */
type Stored<T> = ColumnType<T, T, T>;
export type StoredBool = Stored<boolean | number>;
export type StoredDate = Stored<Date | string>;
export type StoredJson = ColumnType<unknown, string, string>;

export interface CategoriesTable {
  id: string;
  name: string;
  rank: number | null;
  isActive: StoredBool;
  tags: StoredJson;
  translations: StoredJson;
}

export interface StylesTable {
  id: string;
  name: string;
  translations: StoredJson;
}

export interface EventsTable {
  id: string;
  name: string;
  tag: string;
  isActive: StoredBool;
  translations: StoredJson;
}

export interface TemplatesTable {
  id: string;
  name: string;
  description: string;
  tags: StoredJson;
  categoryId: string;
  styleId: string | null;
  previewImage: string | null;
  animatedImage: string | null;
  createdAt: StoredDate;
}

export interface DB {
  categories: CategoriesTable;
  styles: StylesTable;
  events: EventsTable;
  templates: TemplatesTable;
}
