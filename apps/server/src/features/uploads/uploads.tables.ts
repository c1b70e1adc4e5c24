import type { Generated } from 'kysely';

export type UploadTables = {
  uploads: {
    id: Generated<number>;
    /** The stored file's name in DATA_DIR/uploads (a random id and .jpg or .png). */
    file_name: string;
    alt: string;
    width: number;
    height: number;
    bytes: number;
    created_at: string;
  };
};
