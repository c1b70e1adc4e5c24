import type { Generated } from 'kysely';

export type DailyNewsTables = {
  news_items: {
    /** The stored item (what the admin calls address); ties of `news_id` keep this order. */
    id: Generated<number>;
    /** The specification's item id: the home sorts by it, and two items may share it. */
    news_id: number;
    text: string;
    /** YYYY-MM-DD, a real date (checked before it is stored); compared as text with today in India. */
    validity: string;
    flink: string | null;
    alink: string | null;
    link: string | null;
    updated_at: string;
  };
  holidays: {
    id: Generated<number>;
    /** YYYY-MM-DD. */
    date: string;
    occasion: string;
    description: string;
    updated_at: string;
  };
  rains: {
    id: Generated<number>;
    /** YYYY-MM-DD. */
    date: string;
    name: string;
    description: string;
    updated_at: string;
  };
};
